import Training

/// Any JSON value. It lives in Training, whose exercise modules describe what they show with it;
/// the protocol names it here so that its users need not import Training.
public typealias JSONValue = Training.JSONValue

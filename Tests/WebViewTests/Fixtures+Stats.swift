import ControlProtocol
import Foundation

extension Fixtures {
    /// `stats.get` for `bea` as the daemon answers it (trimmed to what the progress page reads):
    /// twelve answers over two days, intervals and degrees, and a profile with a name to escape
    /// among the others.
    static let stats: JSONValue = json(#"""
        {"profile": "bea", "profiles": ["bea", "default", "x<y"],
         "figures": {
           "profile": "bea",
           "overall": {"sessions": 3, "practice_seconds": 250, "answers": 12, "correct": 9, "accuracy": 0.75,
                       "average_response_seconds": 1.5, "best_streak": 5, "best_day_streak": 2},
           "by_item": {
             "interval P5": {"answers": 4, "correct": 2, "accuracy": 0.5, "average_response_seconds": 2},
             "interval m3": {"answers": 4, "correct": 4, "accuracy": 1, "average_response_seconds": 1},
             "degree 3": {"answers": 4, "correct": 3, "accuracy": 0.75, "average_response_seconds": 1.6}
           },
           "by_day": {
             "overall": [
               {"day": "2026-03-28", "answers": 8, "correct": 5, "accuracy": 0.625, "average_response_seconds": 1.8},
               {"day": "2026-03-29", "answers": 4, "correct": 4, "accuracy": 1, "average_response_seconds": 1}
             ],
             "by_exercise": {
               "interval": [{"day": "2026-03-28", "answers": 8, "correct": 5, "accuracy": 0.625, "average_response_seconds": 1.8}],
               "degree": [{"day": "2026-03-29", "answers": 4, "correct": 4, "accuracy": 1, "average_response_seconds": 1}]
             },
             "by_item": {}
           }
         },
         "report": "profile bea\n"}
        """#)

    /// `stats.get` for a profile with no answers.
    static let emptyStats: JSONValue = json(#"""
        {"profile": "default", "profiles": [], "figures": {"overall": {"sessions": 0, "answers": 0, "correct": 0,
         "accuracy": null}, "by_item": {}, "by_day": {"overall": [], "by_exercise": {}, "by_item": {}}}}
        """#)

    static func json(_ text: String) -> JSONValue {
        try! JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}

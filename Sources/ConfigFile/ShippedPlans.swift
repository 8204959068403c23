/// The lesson plans in the package (`training.plan = "beginner"`); docs/plans/beginner.toml is
/// the same text, for a teacher to copy and change (a test keeps the two equal).
enum ShippedPlans {
    static let beginner = #"""
# A beginner's path: from unisons and fifths to two-bar dictations of real tunes.
# Shipped with eartrainer (training.plan = "beginner"); docs/plans.md explains every key.
name = "A beginner's path"

[[lesson]]
id = "fifths"
title = "unisons and fifths"
exercise = "ear-interval"
goal = { right_percent = 90, over = 20 }
ear-interval = { intervals = ["P1", "P5"] }

[[lesson]]
id = "higher-or-lower"
title = "higher or lower"
exercise = "compare"
goal = { threshold_cents = 20, over = 20 }

[[lesson]]
id = "fourths"
title = "fourths, fifths and octaves"
exercise = "ear-interval"
goal = { right_percent = 90, over = 20 }
ear-interval = { intervals = ["P4", "P5", "P8"] }

[[lesson]]
id = "thirds"
title = "major and minor thirds"
exercise = "ear-interval"
goal = { right_percent = 85, over = 30 }
ear-interval = { intervals = ["m3", "M3", "P5"] }

[[lesson]]
id = "major-scale"
title = "the major scale"
exercise = "scale"
goal = { right_percent = 90, over = 32 }
scale = { mode = "ionian", root = "C3", random_root_each_round = true }

[[lesson]]
id = "tonic-triad"
title = "do, mi and sol in a major key"
exercise = "degree"
goal = { right_percent = 85, over = 24 }
degree = { degrees = ["1", "3", "5"] }

[[lesson]]
id = "sixths"
title = "minor thirds and major sixths"
exercise = "ear-interval"
goal = { right_percent = 85, over = 30 }
on_fail = "thirds"
ear-interval = { intervals = ["m3", "M6", "P4", "P5"] }

[[lesson]]
id = "degrees"
title = "every degree of a major key"
exercise = "degree"
goal = { right_percent = 80, over = 40 }

[[lesson]]
id = "three-notes"
title = "three-note melodies"
exercise = "dictation"
goal = { right_percent = 80, over = 30 }
dictation = { length = 3 }

[[lesson]]
id = "folk-tunes"
title = "two-bar dictations of folk tunes"
exercise = "dictation"
goal = { right_percent = 80, over = 40 }
dictation = { library = "folk", level = 1, bars = "2-2" }
"""#
}

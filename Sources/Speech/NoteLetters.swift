/// The note letter A as an English voice must be given it. eSpeak NG reads a capital "A" standing
/// alone as the article (/ɐ/: "a chord on uh three", "in uh flat major"); written "eh" it says
/// the letter's name (/eɪ/), before a number, "flat", "sharp", "major" or at the end alike. The
/// phrases write the article in lower case, so a word "A" is always the note. Other languages
/// name the letter their own way and get the text as it is.
enum NoteLetters {
    static func respelled(_ text: String, voice: String) -> String {
        guard isEnglish(voice), text.contains("A") else { return text }
        var result = ""
        var previous: Character?
        var characters = text.makeIterator()
        var current = characters.next()
        while let character = current {
            let next = characters.next()
            if character == "A", !(previous.map(isWordCharacter) ?? false), !(next.map(isWordCharacter) ?? false) {
                result += "eh"
            } else {
                result.append(character)
            }
            previous = character
            current = next
        }
        return result
    }

    /// English, or the default voice (English).
    static func isEnglish(_ voice: String) -> Bool {
        voice.isEmpty || voice == "en" || voice.hasPrefix("en-") || voice.hasPrefix("en+")
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'" || character == "’" || character == "-"
    }
}

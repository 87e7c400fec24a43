/// The LuaCATS annotations of a stub (`--- @class`, `--- @field`, `--- @enum`, `--- @param`):
/// the part of a stub that is comments, which no Lua load can see. Read word by word by the
/// tag's grammar; the code (classes' tables, functions, enum tables) is read by loading the
/// stub (see ``StubCheck``).
struct StubAnnotations {
    struct Class {
        var name: String
        var parent: String?
        var line: Int
        /// Each `@field` name with its type's first word (`ui.LineBreakMode?`).
        var fields: [String: String] = [:]
    }

    private(set) var classes: [String: Class] = [:]
    /// The `@enum` names, with their lines.
    private(set) var enums: [String: Int] = [:]
    /// The `@param` names of the comment block that ends on each line.
    private(set) var params: [Int: Set<String>] = [:]
    private(set) var problems: [String] = []

    init(text: String, file: String) {
        var current: String?
        var block: Set<String> = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = raw.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("--") else {
                block = []
                continue
            }
            defer { params[line] = block }
            guard trimmed.hasPrefix("---") else { continue }
            let words = trimmed.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let tag = words.first, tag.hasPrefix("@") else { continue }
            switch tag {
            case "@class":
                // `@class ui.Label: ui.View`, `@class ui.Label : ui.View`
                let rest = words.dropFirst().filter { !$0.hasPrefix("(") }.joined(separator: " ")
                let parts = rest.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
                guard let name = parts.first, !name.isEmpty else {
                    problems.append("\(file):\(line): @class without a name")
                    continue
                }
                let parent = parts.count > 1 ? parts[1].split(separator: " ").first.map(String.init) : nil
                classes[name] = classes[name] ?? Class(name: name, parent: parent, line: line)
                current = name
            case "@field":
                guard let current, words.count >= 3 else {
                    problems.append("\(file):\(line): @field outside a class, or without a name and a type")
                    continue
                }
                var name = words[1]
                if name.hasSuffix("?") { name.removeLast() }
                classes[current]?.fields[name] = words[2]
            case "@enum":
                guard let name = words.dropFirst().first(where: { !$0.hasPrefix("(") }) else {
                    problems.append("\(file):\(line): @enum without a name")
                    continue
                }
                enums[name] = line
            case "@param":
                guard words.count >= 2 else { continue }
                var name = words[1]
                if name.hasSuffix("?") { name.removeLast() }
                block.insert(name)
            default:
                continue
            }
        }
    }

    /// The `@param` names of the comment block just above `line` (a function's first line).
    func params(above line: Int) -> Set<String> {
        params[line - 1] ?? []
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

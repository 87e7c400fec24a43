#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The lines entered at a REPL prompt, kept in a file between sessions: newest last, at most
/// ``limit``, each line once (entering a line again moves it to the end).
///
/// The file is `$XDG_STATE_HOME/luascreens/history` (`~/.local/state/luascreens/history`
/// when the variable is not set), one line per entry; its folder is created private (0700).
/// A file that cannot be read or written costs a one-line warning (``warning``), never the
/// session.
///
/// ```swift
/// var history = LineHistory(file: LineHistory.defaultFile())
/// history.add("1 + 1")
/// history.save()
/// ```
public struct LineHistory {
    /// The most lines kept.
    public static let limit = 1000

    /// The entries, oldest first.
    public private(set) var entries: [String] = []
    /// Where the entries are kept, or nil for a history that lives only as long as the editor.
    public let file: String?
    public let limit: Int
    /// The first problem met reading or writing the file, as one line; nil when all went well.
    public private(set) var warning: String?

    /// Reads `file` when it exists.
    public init(file: String?, limit: Int = Self.limit) {
        self.file = file
        self.limit = max(1, limit)
        load()
    }

    /// The history file of the user: `$XDG_STATE_HOME/luascreens/history`, or under
    /// `~/.local/state` when XDG_STATE_HOME is not set (or not absolute, as the XDG
    /// specification says to ignore it then). Nil without a home.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/luascreens/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/luascreens/history"
    }

    /// Adds a line entered: a blank line is not kept, and a line already in the history is
    /// moved to the end rather than repeated.
    public mutating func add(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.contains("\n") else { return }
        if entries.last == line { return }
        entries.removeAll { $0 == line }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    private mutating func load() {
        guard let file else { return }
        guard access(file, F_OK) == 0 else { return }
        guard let data = FileManager.default.contents(atPath: file) else {
            warning = "warning: cannot read the history file \(file): \(String(cString: strerror(errno)))"
            return
        }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            add(String(line))
        }
    }

    /// Writes the entries to the file (its folder created 0700 when missing). A failure sets
    /// ``warning`` and returns false.
    @discardableResult
    public mutating func save() -> Bool {
        guard let file else { return true }
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            warning = "warning: cannot create the history folder \(folder)"
            return false
        }
        let text = entries.map { $0 + "\n" }.joined()
        // Written beside the file and renamed over it, so that a full disk leaves the old one.
        let temporary = file + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
              rename(temporary, file) == 0
        else {
            warning = "warning: cannot write the history file \(file): \(String(cString: strerror(errno)))"
            unlink(temporary)
            return false
        }
        return true
    }
}

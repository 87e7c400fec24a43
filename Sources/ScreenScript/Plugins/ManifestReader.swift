import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaBridge
import Version

/// Reads `plugin.lua` in a state of its own that has nothing to call: the chunk sees an
/// empty `_ENV`, strings have no methods, and it runs under a small memory cap and
/// instruction budget, so a manifest can only build its table.
enum ManifestReader {
    /// The largest manifest read, in bytes.
    static let largestFile = 64 * 1024
    static let limits = LuaLimits(memory: 4 * 1024 * 1024, instructions: 200_000)

    /// The names `require` already gives: the standard libraries and the host's modules.
    static let reservedNames: Set<String> = Set(
        ["string", "table", "math", "os", "io", "coroutine", "utf8", "debug", "package", "test", "_G", "_ENV"]
            + ModuleRegistry.builtins.modules.map(\.name))

    static let keys = ["name", "version", "host", "requires", "permissions", "main", "description"]

    /// Reads the manifest in `folder` (a folder that holds `plugin.lua`).
    ///
    /// - Throws: ``ManifestError`` with every problem found.
    static func read(folder: String) throws(ManifestError) -> PluginManifest {
        let file = PluginManifest.file(in: folder)
        var problems: [ManifestProblem] = []
        func problem(_ key: String?, _ message: String) {
            problems.append(ManifestProblem(file: file, key: key, message: message))
        }
        func fail(name: String? = nil, version: Version? = nil) -> ManifestError {
            ManifestError(folder: folder, name: name, version: version, problems: problems)
        }

        let fields: [(key: LuaValue, value: LuaValue)]
        let state: LuaState
        do {
            state = try LuaState(libraries: [], limits: limits)
        } catch {
            problem(nil, "cannot be read: \(error.message)")
            throw fail()
        }
        defer { state.close() }
        do {
            let bytes: [UInt8]
            switch readManifest(in: folder) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                // The problem names the file already: "…/plugin.lua: is outside the plugin's folder".
                let message = refusal.message.hasPrefix("plugin.lua ") ? String(refusal.message.dropFirst("plugin.lua ".count)) : refusal.message
                problem(nil, message.hasPrefix("is ") ? message : "cannot be read: \(message)")
                throw fail()
            }
            // A short chunk name: Lua cuts long ones, and the problem names the file anyway.
            let chunk = try state.load(bytes: bytes, name: "=plugin.lua", mode: .text, environment: state.newTable())
            let results = try chunk.callReturningAll()
            guard let table = results.first?.tableValue else {
                let got = results.first.map { $0.type.description } ?? "nothing"
                problem(nil, "must return a table (the manifest), returned \(got)")
                throw fail()
            }
            fields = table.pairs
        } catch let error as ManifestError {
            throw error
        } catch let error as LuaError {
            problem(nil, trimmed(error.message))
            throw fail()
        } catch {
            problem(nil, "\(error)")
            throw fail()
        }

        var values: [String: LuaValue] = [:]
        for (key, value) in fields {
            guard let name = key.stringValue else {
                problem(nil, "has the key \(describeKey(key)); a manifest's keys are \(keys.joined(separator: ", "))")
                continue
            }
            guard keys.contains(name) else {
                problem(isIdentifier(name) ? name : quoted(name, limit: 40), "is not a manifest key (they are \(keys.joined(separator: ", ")))")
                continue
            }
            values[name] = value
        }

        // name
        var name: String?
        switch values["name"] {
        case nil: problem("name", "is missing")
        case .string(let text)?:
            let text = text.description
            if let reason = moduleNameProblem(text) {
                problem("name", "\(quoted(text)) \(reason)")
            } else {
                name = text
            }
        case let value?: problem("name", "must be a string, got \(describe(value))")
        }

        // version
        var version: Version?
        switch values["version"] {
        case nil: problem("version", "is missing")
        case .string(let text)?:
            version = Version(semantic: text.description)
            if version == nil { problem("version", "\(quoted(text.description)) is not a semantic version (MAJOR.MINOR.PATCH)") }
        case let value?: problem("version", "must be a string like \"1.0.0\", got \(describe(value))")
        }

        // host
        var host = VersionRange.any
        switch values["host"] {
        case nil: break
        case .string(let text)?:
            do { host = try VersionRange(text.description) } catch { problem("host", error.description) }
        case let value?: problem("host", "must be a version range string like \">=0.2 <1\", got \(describe(value))")
        }

        // requires
        var requires: [String: VersionRange] = [:]
        switch values["requires"] {
        case nil: break
        case .table(let table)?:
            for (key, value) in table.pairs.sorted(by: { $0.key.keyDescription < $1.key.keyDescription }) {
                guard let required = key.stringValue else {
                    problem("requires", "has the key \(describeKey(key)); write { name = \"range\" }")
                    continue
                }
                let path = "requires." + (required.isEmpty || required.utf8.count > 40 ? quoted(required, limit: 40) : required)
                if let reason = moduleNameProblem(required) {
                    problem(path, "\(quoted(required)) \(reason)")
                    continue
                }
                guard let text = value.stringValue else {
                    problem(path, "must be a version range string like \"^1.0\", got \(describe(value))")
                    continue
                }
                do { requires[required] = try VersionRange(text) } catch { problem(path, error.description) }
            }
        case let value?: problem("requires", "must be a table of name = range, got \(describe(value))")
        }

        // permissions
        var permissions: Set<PluginPermission> = []
        switch values["permissions"] {
        case nil: break
        case .table(let table)?:
            let entries = table.pairs
            let count = table.count
            for (key, _) in entries where !(key.integerValue.map { $0 >= 1 && $0 <= Int64(count) } ?? false) || key.type != .number {
                problem("permissions", "must be a list like { \"store\" }, has the key \(describeKey(key))")
            }
            for (index, value) in table.array.enumerated() {
                let known = PluginPermission.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                guard let text = value.stringValue else {
                    problem("permissions[\(index + 1)]", "must be a string, one of \(known), got \(describe(value))")
                    continue
                }
                guard let permission = PluginPermission(rawValue: text) else {
                    problem("permissions[\(index + 1)]", "\(quoted(text)) is not a permission (they are \(known))")
                    continue
                }
                permissions.insert(permission)
            }
        case let value?: problem("permissions", "must be a list like { \"store\" }, got \(describe(value))")
        }

        // main
        var main = "init"
        switch values["main"] {
        case nil: break
        case .string(let text)?:
            main = text.description
            let pieces = main.split(separator: ".", omittingEmptySubsequences: false)
            if pieces.isEmpty || !pieces.allSatisfy({ isIdentifier($0) }) {
                problem("main", "\(quoted(main)) is not a module name (like \"init\" or \"lib.core\")")
            } else if PluginManifest.mainFile(main, in: folder) == nil {
                let path = main.split(separator: ".").joined(separator: "/")
                problem("main", "\(quoted(main)): the plugin has neither \(path).lua nor \(path)/init.lua")
            }
        case let value?: problem("main", "must be a module name string like \"init\", got \(describe(value))")
        }

        // description
        var description: String?
        switch values["description"] {
        case nil: break
        case .string(let text)?: description = text.description
        case let value?: problem("description", "must be a string, got \(describe(value))")
        }

        guard problems.isEmpty, let name, let version else { throw fail(name: name, version: version) }
        return PluginManifest(
            name: name, version: version, host: host, requires: requires, permissions: permissions, main: main,
            description: description, folder: folder)
    }

    // MARK: - Reading

    /// The manifest's bytes, through the gate every file of a plugin goes through (see
    /// ``PluginFiles``): inside the plugin's folder by its real path, a regular file opened
    /// without blocking, of at most ``largestFile`` bytes. A manifest that is a link out of
    /// the folder is refused unread, so that no problem reported quotes another file.
    static func readManifest(in folder: String) -> Result<[UInt8], PluginFiles.Refusal> {
        let descriptor: Int32
        switch PluginFiles(folder: folder, dataDirectory: nil).open("plugin.lua", mode: .read) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(descriptor) }
        return PluginFiles.readAll(descriptor, limit: largestFile).mapError { _ in
            PluginFiles.Refusal(message: "is larger than \(largestFile / 1024) KB; a manifest is a small table")
        }
    }

    // MARK: - Names

    /// Why `text` cannot be a plugin's name, or nil when it can: a lowercase Lua identifier
    /// (so that `require "name"` and a variable of that name both work), not one `require`
    /// already gives.
    static func moduleNameProblem(_ text: String) -> String? {
        if text.isEmpty { return "is not a module name: it is empty" }
        if text.utf8.count > 64 { return "is not a module name: it is longer than 64 characters" }
        let bytes = Array(text.utf8)
        let valid = bytes.enumerated().allSatisfy { index, byte in
            (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || (index > 0 && byte >= 0x30 && byte <= 0x39)
        }
        if !valid {
            return "is not a module name (lowercase letters, digits and _, starting with a letter or _)"
        }
        if reservedNames.contains(text) { return "is the name of a built-in module" }
        return nil
    }

    static func isIdentifier<S: StringProtocol>(_ text: S) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39), text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }
    }

    // MARK: - Messages

    /// A value for a message: strings quoted and shortened, other values by type.
    static func describe(_ value: LuaValue) -> String {
        switch value {
        case .string(let text): "the string \(quoted(text.description))"
        case .integer(let number): "the number \(number)"
        case .number(let number): "the number \(number)"
        case .boolean(let flag): "\(flag)"
        default: "a \(value.type)"
        }
    }

    /// A table key for a message: a string quoted, a number as it is, other keys by type.
    static func describeKey(_ key: LuaValue) -> String {
        switch key {
        case .string(let text): quoted(text.description)
        case .integer(let number): "\(number)"
        case .number(let number): "\(number)"
        default: describe(key)
        }
    }

    /// `text` in double quotes, cut at `limit` characters, control characters escaped.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: shown += "\\\(scalar.value)"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }

    /// A Lua error's message without the chunk name Lua put in front, which the problem
    /// repeats anyway.
    static func trimmed(_ message: String) -> String {
        message.hasPrefix("plugin.lua:") ? "line " + message.dropFirst("plugin.lua:".count) : message
    }
}


import Foundation
import Testing
import LuaBridge

/// Every `.lua` file of the repository compiles, as `luac -p` would check it: the stubs, the
/// apps, the plugins, the suites and the runner's own Lua. A fixture that must not compile is
/// kept under another extension (`syntax_error.lua.txt`) and copied by the tests that use it.
@MainActor
struct LuaSourcesTests {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The `.lua` files below the root, outside build folders and hidden ones.
    static func luaFiles() -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent.hasPrefix(".build") {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "lua" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyLuaFileParses() throws {
        let lua = try LuaState(libraries: [])
        defer { lua.close() }
        let files = Self.luaFiles()
        #expect(files.count > 100, "found only \(files.count) .lua files under \(Self.root.path)")
        var problems: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            do {
                _ = try lua.load(bytes: bytes, name: "@" + relative, mode: .text)
            } catch {
                problems.append(error.message)
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Lua lives in `.lua` files, shipped as resources: no Swift file under Sources compiles
    /// a string, a literal or one kept in a property, as a chunk of its own (`name: "=..."`).
    /// The REPL's `stdin` chunks, the user's lines, are the exception.
    @Test func noSwiftSourceLoadsLuaFromAString() throws {
        guard let walker = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources").path) else {
            Issue.record("no Sources folder under \(Self.root.path)")
            return
        }
        // A literal, or a string named before the chunk name: not `bytes:` or `file:`.
        let load = try Regex(#"\.(load|run)\(\s*(#*"|[\w.]+,\s*name: "=)"#)
        var problems: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/\(relative)"), encoding: .utf8)
            // Doc comments show the API with a chunk of Lua.
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            for match in code.matches(of: load) {
                let call = code[match.range.lowerBound...].prefix { $0 != "\n" }
                if call.contains(#"name: "=stdin""#) { continue }
                problems.append("Sources/\(relative): \(call.prefix(80))")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

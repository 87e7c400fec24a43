import Foundation
import LuaBridge
import Testing
@testable import ScreenTest

#if canImport(Glibc)
import Glibc
#endif

/// The chunks a worker keeps from one run to the next (see SavedChunks): the file's
/// format, what makes a file unusable, and the stamps of sources. One at a time: the
/// process's chunks are shared.
@MainActor
@Suite(.serialized)
struct SavedChunksTests {
    func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("saved-chunks-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    let stamp = SourceStamp(device: 1, inode: 2, size: 3, modified: -4, changed: 5_000_000_000_000_000_000)
    var entries: [SavedChunks.Entry] {
        [
            .init(name: "@/usr/share/lua/5.4/say/init.lua", source: .init(path: "/usr/share/lua/5.4/say/init.lua", stamp: stamp), code: [27, 76, 117, 97, 0, 9]),
            .init(name: "=no file", source: nil, code: []),
            .init(name: "@/ü/ñ.lua", source: .init(path: "/ü/ñ.lua", stamp: stamp), code: Array(repeating: 7, count: 1000)),
        ]
    }

    @Test("entries come back as they were written, for the key they were written for only")
    func roundTrip() {
        let bytes = SavedChunks.encode(entries, key: "lib\nstamp")
        #expect(SavedChunks.decode(bytes, key: "lib\nstamp") == entries)
        #expect(SavedChunks.decode(bytes, key: "lib\nother stamp") == nil)
        #expect(SavedChunks.decode(SavedChunks.encode([], key: ""), key: "") == [])
    }

    @Test("a file cut short, grown, or with any byte changed is no file")
    func damage() {
        let bytes = SavedChunks.encode(Array(entries.prefix(2)), key: "k")
        for count in 0..<bytes.count {
            #expect(SavedChunks.decode(Array(bytes.prefix(count)), key: "k") == nil, "cut to \(count) bytes")
        }
        #expect(SavedChunks.decode(bytes + [0], key: "k") == nil)
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x10
            #expect(SavedChunks.decode(damaged, key: "k") == nil, "byte \(index) changed")
        }
    }

    @Test("a stamp goes through the text Lua hands back; a made-up text is none")
    func stampText() {
        #expect(SourceStamp(text: stamp.text) == stamp)
        for text in ["", "1 2 3 4", "1 2 3 4 5 6", "a 2 3 4 5", "-1 2 3 4 5", "1 2 3 4 99999999999999999999"] {
            #expect(SourceStamp(text: text) == nil, "\(text)")
        }
    }

    @Test("a file's stamp changes when it is written, and a folder or a missing file has none")
    func stampsOfFiles() throws {
        try withFolder { folder in
            let path = folder + "/a.lua"
            try "return 1".write(toFile: path, atomically: false, encoding: .utf8)
            let first = try #require(SourceStamp(path: path))
            #expect(SourceStamp(path: path) == first)
            try "return 2".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(SourceStamp(path: path) != first)
            #expect(SourceStamp(path: folder) == nil)
            #expect(SourceStamp(path: folder + "/missing.lua") == nil)
            #expect(SourceStamp(path: path + "\0.ignored") == nil)
        }
    }

    @Test("the file is under XDG_CACHE_HOME when it is absolute, else under ~/.cache; without a home there is none")
    func location() {
        #expect(SavedChunks.location(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/luascreens/chunks")
        #expect(SavedChunks.location(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"]) == "/h/.cache/luascreens/chunks")
        #expect(SavedChunks.location(environment: ["HOME": "/h"]) == "/h/.cache/luascreens/chunks")
        #expect(SavedChunks.location(environment: ["HOME": "h"]) == nil)
        #expect(SavedChunks.location(environment: [:]) == nil)
    }

    @Test("writing makes the missing folders for the user alone and replaces the file whole")
    func writing() throws {
        try withFolder { folder in
            let file = folder + "/cache/luascreens/chunks"
            #expect(SavedChunks.write([1, 2, 3], to: file))
            #expect(SavedChunks.read(from: file) == [1, 2, 3])
            #expect(mode(folder + "/cache") == 0o700)
            #expect(mode(folder + "/cache/luascreens") == 0o700)
            #expect(mode(file) == 0o600)
            #expect(SavedChunks.write([4], to: file))
            #expect(SavedChunks.read(from: file) == [4])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/luascreens") == ["chunks"])
            // A file where the folder should be: nothing is written, and nothing said.
            try "".write(toFile: folder + "/plain", atomically: false, encoding: .utf8)
            #expect(!SavedChunks.write([1], to: folder + "/plain/luascreens/chunks"))
            // A home that is not there is not made.
            #expect(!SavedChunks.write([1], to: folder + "/nonexistent/.cache/luascreens/chunks"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/nonexistent"))
        }
    }

    @Test("as root, no folder is made in another user's folder", .enabled(if: geteuid() == 0))
    func noFoldersInAnotherUsersHome() throws {
        try withFolder { folder in
            let home = folder + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            #expect(chown(home, 1000, 1000) == 0)
            #expect(!SavedChunks.write([1], to: home + "/.cache/luascreens/chunks"))
            #expect(!FileManager.default.fileExists(atPath: home + "/.cache"))
            // The user's own cache folder, there already, is not root's to use either.
            try FileManager.default.createDirectory(atPath: home + "/.cache/luascreens", withIntermediateDirectories: true)
            #expect(chown(home + "/.cache/luascreens", 1000, 1000) == 0)
            #expect(!SavedChunks.write([1], to: home + "/.cache/luascreens/chunks"))
            #expect(!FileManager.default.fileExists(atPath: home + "/.cache/luascreens/chunks"))
        }
    }

    @Test("a file or folder others can write, a link, a FIFO or a file too large is not read")
    func unsafeFiles() throws {
        try withFolder { folder in
            let file = folder + "/luascreens/chunks"
            #expect(SavedChunks.write([1], to: file))
            chmod(file, 0o620)
            #expect(SavedChunks.read(from: file) == nil)
            chmod(file, 0o644)
            #expect(SavedChunks.read(from: file) == [1])
            chmod(folder + "/luascreens", 0o777)
            #expect(SavedChunks.read(from: file) == nil)
            chmod(folder + "/luascreens", 0o700)

            let link = folder + "/luascreens/link"
            symlink(file, link)
            #expect(SavedChunks.read(from: link) == nil)
            let fifo = folder + "/luascreens/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(SavedChunks.read(from: fifo) == nil)
            let large = folder + "/luascreens/large"
            #expect(FileManager.default.createFile(atPath: large, contents: nil, attributes: [.posixPermissions: 0o600]))
            #expect(truncate(large, off_t(SavedChunks.maximumSize + 1)) == 0)
            #expect(SavedChunks.read(from: large) == nil)
        }
    }

    @Test("saved chunks are kept while their files are unchanged; a changed one is left out, and the file is written again without it")
    func loadingSavedChunks() throws {
        let cache = ChunkCache()
        try withFolder { folder in
            let key = try #require(SavedChunks.libraryKey(libraryFile: LuaState.libraryFile))
            let lua = try LuaState(libraries: .all)
            let code = try lua.load("return string.dump(load('return ...'))", name: "=dump").call(returning: LuaValue.self)
            guard case .string(let bytecode) = code else { Issue.record("no bytecode"); return }
            var entries: [SavedChunks.Entry] = []
            for name in ["kept", "changed"] {
                let path = folder + "/\(name)-\(UUID()).lua"
                try "return ...".write(toFile: path, atomically: false, encoding: .utf8)
                entries.append(.init(name: "@" + path, source: .init(path: path, stamp: try #require(SourceStamp(path: path))), code: bytecode.bytes))
            }
            let file = folder + "/luascreens/chunks"
            #expect(SavedChunks.write(SavedChunks.encode(entries, key: key), to: file))
            #expect(cache.loadSaved(from: file))
            #expect(entries.allSatisfy { cache.isKept($0.name) })

            // Another process would see the second file changed since.
            let other = folder + "/other"
            try FileManager.default.createDirectory(atPath: other + "/luascreens", withIntermediateDirectories: true)
            chmod(other + "/luascreens", 0o700)
            var moved = entries
            moved[1].source!.stamp.size += 1
            let otherFile = other + "/luascreens/chunks"
            #expect(SavedChunks.write(SavedChunks.encode(moved, key: key), to: otherFile))
            #expect(!cache.loadSaved(from: otherFile))
            cache.saveIfChanged(to: otherFile)
            let rewritten = try #require(SavedChunks.read(from: otherFile).flatMap { SavedChunks.decode($0, key: key) })
            #expect(!rewritten.isEmpty)
            #expect(!rewritten.contains { $0.source == moved[1].source })
            // Written for another Lua library: nothing of it is taken.
            #expect(SavedChunks.write(SavedChunks.encode(entries, key: key + "x"), to: otherFile))
            #expect(!cache.loadSaved(from: otherFile))
        }
    }

    @Test("what is saved is bounded: the chunks this process used come first, then the others saved before")
    func savingIsBounded() throws {
        let cache = ChunkCache()
        try withFolder { folder in
            let key = try #require(SavedChunks.libraryKey(libraryFile: LuaState.libraryFile))
            let large = ChunkCache.savedBytes * 3 / 5
            var entries: [SavedChunks.Entry] = []
            for name in ["a", "b", "c", "gone"] {
                let path = folder + "/\(name)-\(UUID()).lua"
                try "return '\(name)'".write(toFile: path, atomically: false, encoding: .utf8)
                entries.append(.init(name: "@" + path, source: .init(path: path, stamp: try #require(SourceStamp(path: path))), code: Array(repeating: 0, count: large)))
            }
            // A file gone since: the saved file is written again.
            unlink(entries[3].source!.path)
            let file = folder + "/luascreens/chunks"
            #expect(SavedChunks.write(SavedChunks.encode(entries, key: key), to: file))
            #expect(!cache.loadSaved(from: file))
            // Used by this process: its made-up bytecode does not load, and it is compiled.
            let lua = try LuaState(libraries: .all)
            let chunk = try cache.keeping(in: lua) { try cache.compile(entries[2].name, in: lua, file: entries[2].source!.path) }
            #expect(try chunk.call(returning: String.self) == "c")
            cache.saveIfChanged(to: file)
            let saved = try #require(SavedChunks.read(from: file).flatMap { SavedChunks.decode($0, key: key) })
            #expect(saved.reduce(0) { $0 + $1.code.count } <= ChunkCache.savedBytes)
            let names = Set(saved.map(\.name))
            // Its bytecode compiled again, in place of what did not load.
            #expect(saved.first { $0.name == entries[2].name }?.code.starts(with: [0x1B, 0x4C, 0x75, 0x61]) == true)
            #expect(names.contains(entries[0].name) != names.contains(entries[1].name))
            #expect(!names.contains(entries[3].name))
        }
    }

    @Test("a chunk saved under the same name from another file (another build's runner) is not taken for this one")
    func aChunkOfAnotherFileIsCompiledAgain() throws {
        let cache = ChunkCache()
        try withFolder { folder in
            let key = try #require(SavedChunks.libraryKey(libraryFile: LuaState.libraryFile))
            let theirs = folder + "/theirs-runner.lua", ours = folder + "/ours-runner.lua"
            try "return 'theirs'".write(toFile: theirs, atomically: false, encoding: .utf8)
            try "return 'ours'".write(toFile: ours, atomically: false, encoding: .utf8)
            let compiler = try LuaState(libraries: .all)
            let dumped = try compiler.load("return string.dump(load(\"return 'theirs'\", '@screentest/runner.lua'))", name: "=test")
                .call(returning: LuaValue.self)
            guard case .string(let theirCode) = dumped else { Issue.record("no bytecode"); return }
            let entry = SavedChunks.Entry(
                name: "@screentest/runner.lua", source: .init(path: theirs, stamp: try #require(SourceStamp(path: theirs))),
                code: theirCode.bytes)
            let file = folder + "/luascreens/chunks"
            #expect(SavedChunks.write(SavedChunks.encode([entry], key: key), to: file))
            // Not taken at load: the saved file is not current for this build.
            #expect(!cache.loadSaved(from: file))
            let lua = try LuaState(libraries: .all)
            let chunk = try cache.keeping(in: lua) { try cache.compile("@screentest/runner.lua", in: lua, file: ours) }
            #expect(try chunk.call(returning: String.self) == "ours")
        }
    }
}

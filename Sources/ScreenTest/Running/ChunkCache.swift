import Foundation
import LuaBridge
import ScreenScript

/// The Lua chunks every test file's fresh state loads — the runner's own modules, and
/// luassert with what it requires — compiled once per process and kept as bytecode, with their debug
/// information, so that names, lines and tracebacks stay the same. Loading bytecode takes a
/// sixth of the time compiling the source takes, and compiling these was most of what a
/// small test file cost. A worker also keeps them from one run to the next (see
/// ``loadSaved(from:)`` and ``SavedChunks``).
///
/// A cache belongs to a runner (``TestRunner/chunks``); a worker hands its one cache to
/// every runner it makes, so that what one file compiled the next loads.
final class ChunkCache {
    /// A chunk's bytecode, and the file it was compiled from when that file can be checked
    /// in a later run.
    private struct Kept {
        var code: [UInt8]
        var source: SavedChunks.Source?
        /// Whether this process compiled or loaded it, rather than only found it saved:
        /// what is saved again first when not everything fits.
        var used = true
    }

    /// The chunks by name: `@screentest/runner.lua`, or `@` and the path of a module
    /// file found on `package.path`.
    private var chunks: [String: Kept] = [:]
    /// The state allowed to add chunks now: the one whose suite is starting, while none of
    /// its test file's code has run (see ``keeping(in:_:)``). A file's own code can reach
    /// the function that keeps chunks (through `require` and `debug.getupvalue`);
    /// what it handed over would be loaded as bytecode by every later file of the process,
    /// and bytecode is not checked, so outside that window nothing is kept.
    private var keepingState: ObjectIdentifier?
    /// Whether the chunks to save differ from those the saved file holds.
    private var unsaved = false

    /// Runs `body` — the start of a suite, before the test file's code — with chunks kept
    /// for `lua`.
    func keeping<T>(in lua: LuaState, _ body: () throws -> T) rethrows -> T {
        keepingState = ObjectIdentifier(lua)
        defer { keepingState = nil }
        return try body()
    }

    /// Compiles and keeps the runner's modules in `lua`, where it only loads them: `lua` may
    /// be the state of a file to come, in which nothing then ran.
    func warmUpRunner(in lua: LuaState) {
        keeping(in: lua) { RunnerModules.compileAll(in: lua, chunks: self) }
    }

    /// Compiles and keeps, in a state of its own, luassert and say where `package.path`
    /// finds them by an absolute path (as a suite's state finds them, unless a path given to
    /// the run or the file's folder holds modules of those names, which it then compiles
    /// itself). Running luassert's modules there is all it does: no test code runs in that
    /// state.
    func warmUpLuassert() {
        guard let lua = try? LuaState(libraries: .all) else { return }
        keeping(in: lua) {
            guard let searcher = try? helpers(in: lua).get("searcher", as: LuaValue.self) else { return }
            _ = try? Self.helpersChunk.function("warmUp", in: lua).call(searcher)
        }
    }

    /// The names of the chunks kept.
    var keptNames: Set<String> { Set(chunks.keys) }

    /// Whether a chunk is kept as `name`.
    func isKept(_ name: String) -> Bool { chunks[name] != nil }

    /// All the chunks kept, as ``keep(serialized:)`` takes them.
    func serialized() -> [UInt8] {
        SavedChunks.encode(entries, key: "")
    }

    /// Keeps the chunks of ``serialized()``'s bytes, from a process forked from this one (see
    /// ``TestWorker``), before any test code runs: a chunk already kept stays.
    func keep(serialized bytes: [UInt8]) {
        for entry in SavedChunks.decode(bytes, key: "") ?? [] {
            keep(entry.name, code: entry.code, source: entry.source)
        }
    }

    /// Keeps the chunks saved by an earlier run whose source files are as they were then
    /// (see ``SavedChunks``).
    ///
    /// - Returns: whether any were saved and all of them kept: luassert's modules, which
    ///   the first run compiled, need not be compiled ahead of the first file then.
    @discardableResult
    func loadSaved(from file: String? = SavedChunks.location()) -> Bool {
        guard let file, let key = SavedChunks.libraryKey(libraryFile: LuaState.libraryFile),
              let bytes = SavedChunks.read(from: file), let entries = SavedChunks.decode(bytes, key: key)
        else { return false }
        var current = 0
        for entry in entries {
            // A runner module saved by another build of the program (another checkout) has
            // the same name and a file of its own: not this one's.
            guard let source = entry.source, source.path == Self.sourcePath(of: entry.name),
                  SourceStamp(path: source.path) == source.stamp
            else { continue }
            current += 1
            if chunks[entry.name] == nil { chunks[entry.name] = Kept(code: entry.code, source: source, used: false) }
        }
        // Chunks of files that changed or went: the file is written again without them.
        if current < entries.count { unsaved = true }
        return current > 0 && current == entries.count
    }

    /// The file this process compiles the chunk `name` from: a module's path (`@/path`), or
    /// the runner's own file for its modules.
    static func sourcePath(of name: String) -> String? {
        if name.hasPrefix("@/") { return String(name.dropFirst()) }
        return RunnerModules.sourcePath(ofChunk: name)
    }

    /// Writes the chunks compiled from files that can be checked to `file`, when they
    /// differ from what ``loadSaved(from:)`` found there: those this process used first,
    /// then the others saved before (of other projects' suites), up to ``savedBytes`` of
    /// code, which also bounds the files a worker checks as it starts.
    func saveIfChanged(to file: @autoclosure () -> String? = SavedChunks.location()) {
        // The file's place is looked up (in the environment) only when there is something
        // to save: a worker's fork asks after every file.
        guard unsaved, let file = file(), let key = SavedChunks.libraryKey(libraryFile: LuaState.libraryFile) else { return }
        unsaved = false
        let candidates = chunks.filter { $0.value.source != nil }.sorted {
            $0.value.used != $1.value.used ? $0.value.used : $0.key < $1.key
        }
        var saved: [SavedChunks.Entry] = []
        var total = 0
        for (name, kept) in candidates {
            total += kept.code.count
            guard total <= Self.savedBytes else { break }
            saved.append(SavedChunks.Entry(name: name, source: kept.source, code: kept.code))
        }
        SavedChunks.write(SavedChunks.encode(saved, key: key), to: file)
    }

    /// The most code ``saveIfChanged(to:)`` saves: some twenty sets of luassert's modules.
    static let savedBytes = 2 << 20

    private var entries: [SavedChunks.Entry] {
        chunks.map { SavedChunks.Entry(name: $0.key, source: $0.value.source, code: $0.value.code) }
    }

    /// Keeps `code` as the chunk `name` unless one is kept already: the first kept wins,
    /// what the runner compiled before any test code ran.
    private func keep(_ name: String, code: [UInt8], source: SavedChunks.Source?) {
        guard chunks[name] == nil else { return }
        chunks[name] = Kept(code: code, source: source)
        if source != nil { unsaved = true }
    }

    /// Loads the bytecode kept as the chunk `name`, or compiles the file at `path` as that
    /// chunk and keeps it.
    ///
    /// - Throws: ``LuaError`` of kind `.file` when the file cannot be read, `.syntax` when it
    ///   does not compile.
    func compile(_ name: String, in lua: LuaState, file path: String) throws -> LuaFunction {
        if let chunk = kept(name, in: lua) { return chunk }
        // Taken before the file is read: a change while it is read shows in the next run.
        let stamp = SourceStamp(path: path)
        guard let source = FileManager.default.contents(atPath: path) else {
            throw LuaError(kind: .file, message: "cannot read \(path)")
        }
        let chunk = try lua.load(bytes: Array(source), name: name)
        try helpers(in: lua).get("keep", as: LuaFunction.self).call(name, chunk, path, stamp?.text)
        return chunk
    }

    /// The module `screentest.chunks`: a searcher for `package.searchers` that finds the
    /// modules of luassert, say and term on `package.path` as Lua's own searcher does, and loads
    /// them through the cache; it says nothing of the other modules, nor of those it does
    /// not find, which Lua's searcher after it then reports.
    var module: ScriptModule {
        ScriptModule(name: "screentest.chunks", isGlobal: false) { [self] host in
            try helpers(in: host.lua).get("searcher", as: LuaValue.self)
        }
    }

    /// The chunk kept under `name`, loaded in `lua`.
    private func kept(_ name: String, in lua: LuaState) -> LuaFunction? {
        guard let kept = chunks[name] else { return nil }
        guard let chunk = try? lua.load(bytes: kept.code, name: name, mode: .binary) else {
            // Lua refused it (another Lua's): compiled again, it takes its place.
            chunks[name] = nil
            return nil
        }
        chunks[name]?.used = true
        return chunk
    }

    /// A Lua string that is valid UTF-8, as it is: a path repaired would name another file.
    private static func exactText(_ value: LuaValue) -> String? {
        guard case .string(let string) = value else { return nil }
        return String(validating: string.bytes, as: UTF8.self)
    }

    private func helpers(in lua: LuaState) throws -> LuaTable {
        let load = lua.function { [unowned lua, self] args -> LuaFunction? in self.kept(try args.get(1, as: String.self), in: lua) }
        let keep = lua.function { [unowned lua, self] args -> Void in
            guard self.keepingState == ObjectIdentifier(lua), case .string(let code) = args[2] else { return }
            // Only a file named by an absolute path (in UTF-8) can be checked in a later run.
            var source: SavedChunks.Source?
            if let path = Self.exactText(args[3]), path.hasPrefix("/"),
               let stamp = ((try? args.get(4, as: String?.self)) ?? nil).flatMap(SourceStamp.init(text:)) {
                source = SavedChunks.Source(path: path, stamp: stamp)
            }
            self.keep(try args.get(1, as: String.self), code: code.bytes, source: source)
        }
        let stamp = lua.function { args -> String? in Self.exactText(args[1]).flatMap { SourceStamp(path: $0)?.text } }
        return try Self.helpersChunk.function("helpers", in: lua).call(load, keep, stamp, returning: LuaTable.self)
    }

    /// The cache's Lua half: `helpers(kept, keep, stamp)`, the searcher and `keep`, and
    /// `warmUp(searcher)`, which compiles luassert's modules.
    private static let helpersChunk = LuaResourceChunk("chunks.lua", name: "=screentest.chunks", in: .screenTest)
}

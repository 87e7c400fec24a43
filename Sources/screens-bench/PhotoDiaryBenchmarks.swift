import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// The PhotoDiary figures: launching the app headless to its first settled screen (its
/// store opened and seeded, its fetched results, its icons decoded) against launching
/// `scripts/hello`, each in a new host with a new data directory; and scrolling its diary of
/// 10,000 entries, a screen a step, against the same diary of 100.
///
/// They run on the repository's `scripts/` (found from the current folder, as `make bench`
/// runs it, or from this file's place). `screens-bench photodiary` runs them all.
func runPhotoDiaryBenchmarks(_ bench: inout Benchmark) throws {
    let launch = "photodiary: launch headless to the first settled screen (vs hello)"
    let scroll = "photodiary: scroll a diary of 10,000 entries a screen a step (vs 100)"
    guard bench.wants(launch) || bench.wants(scroll) || bench.wants("photodiary") else { return }
    guard let scripts = scriptsFolder() else {
        print("photodiary: no scripts/photodiary here: run screens-bench from the repository's folder")
        return
    }
    let data = try ScratchFolder()
    defer { data.remove() }
    if bench.wants(launch) || bench.wants("photodiary") {
        bench.report(try launchFigure(launch, bench, scripts: scripts, data: data))
    }
    if bench.wants(scroll) || bench.wants("photodiary") {
        bench.report(try scrollFigure(scroll, bench, scripts: scripts, data: data))
    }
}

/// `scripts/` of the repository: beside the current folder, or three folders above this file.
private func scriptsFolder() -> String? {
    let here = FileManager.default.currentDirectoryPath + "/scripts"
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts").path
    return [here, source].first { FileManager.default.fileExists(atPath: $0 + "/photodiary/main.lua") }
}

/// A temporary folder, with a new data directory in it for each launch.
private struct ScratchFolder {
    let root: String
    private var made = 0

    init() throws {
        root = NSTemporaryDirectory() + "screens-bench-photodiary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    mutating func newDirectory() -> String {
        made += 1
        return root + "/launch-\(made)"
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A new host on the virtual clock that has launched `app` in `dataDirectory` and settled.
/// What the app prints (hello greets) is dropped: the report stays readable.
private func launched(_ app: String, dataDirectory: String) throws -> (ScriptHost, Window?) {
    let host = try ScriptHost(loop: EventLoop(clock: .virtual))
    host.lua.globals.set("print", host.lua.function(lifetime: .state) { _ in })
    host.dataDirectory = dataDirectory
    try host.loadApp(at: app)
    let window = try host.launch()
    _ = host.runHeadless()
    return (host, window)
}

/// A launch of each app a round, each on a new data directory (PhotoDiary seeds its store
/// there, as on a first launch); the directories are removed between rounds.
private func launchFigure(_ name: String, _ bench: Benchmark, scripts: String, data: ScratchFolder) throws -> Figure {
    var data = data
    var failure: Error?
    func launches(_ app: String, _ count: Int) -> Double {
        let folders = (0..<count).map { _ in data.newDirectory() }
        let time = bench.time {
            for folder in folders {
                do { _ = try launched(scripts + "/" + app, dataDirectory: folder) } catch { failure = error }
            }
        }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        return time
    }
    let (ours, baseline) = bench.compare(
        operations: 50, ours: { n in launches("photodiary", n) }, baseline: { n in launches("hello", n) })
    if let failure { throw failure }
    return Figure(name: name, ours: ours / 1e6, baseline: baseline / 1e6, unit: "ms/launch", target: 5)
}

/// The bench's script that fills the launched diary and returns its table view.
private let fillChunk = LuaResourceChunk("photodiary.lua", name: "=bench", in: .bench)

/// The diary with `count` entries, launched and filled.
private func diary(_ count: Int, scripts: String, data: inout ScratchFolder) throws -> (TableView, ScriptHost, Window?) {
    let (host, window) = try launched(scripts + "/photodiary", dataDirectory: data.newDirectory())
    let results = try fillChunk.load(in: host.lua).callReturningAll(host.app, count)
    guard case .userdata(let userdata)? = results.first, let table = userdata.object(as: TableView.self) else {
        throw LuaError(kind: .runtime, message: "the benchmark script returned no table view")
    }
    _ = host.runHeadless()
    return (table, host, window)
}

/// One screen further down per step, back to the top at the end.
private func scrollScreens(_ table: TableView, steps: Int) {
    let screen = table.bounds.height
    for _ in 0..<steps {
        var next = table.contentOffset.y + screen
        if next > table.maximumContentOffset.y { next = 0 }
        table.setContentOffset(Point(x: 0, y: next), animated: false)
    }
}

/// A step is a screen of rows leaving and coming into view, each new row asking the Lua
/// data source (the fetched results' object, its first line, its time, its icon).
private func scrollFigure(_ name: String, _ bench: Benchmark, scripts: String, data: ScratchFolder) throws -> Figure {
    var data = data
    let large = try diary(10_000, scripts: scripts, data: &data)
    let small = try diary(100, scripts: scripts, data: &data)
    let (ours, baseline) = bench.compare(
        operations: 2_000,
        ours: { n in bench.time { scrollScreens(large.0, steps: n) } },
        baseline: { n in bench.time { scrollScreens(small.0, steps: n) } })
    withExtendedLifetime((large, small)) {}
    return Figure(name: name, ours: ours / 1000, baseline: baseline / 1000, unit: "µs/step", target: 1.2)
}

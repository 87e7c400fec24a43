import BenchShim
import Foundation
import LuaBridge

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Test runner figures

/// The test runner figures, each against busted (or the Lua interpreter) run in the same
/// rounds: a suite of 50 files × 40 plain tests (wall time against busted on Lua 5.4, CPU
/// time against busted on Lua 5.2), one file with one test, a CPU-bound spec against
/// `lua5.4` running its body, 200,000 `assert.are.same` calls, the suite with `--coverage`
/// against itself without, `screens run` of an empty file, and the memory the suite takes.
///
/// They run the release `screens` beside this program (`swift run -c release` builds it)
/// on suites written to a temporary folder, alternating with the baseline and keeping the
/// best of each. Debian's `busted` runs on whichever Lua is the system's `lua`: each figure
/// runs it on the interpreter it names (`lua5.4 /usr/bin/busted`), and says so; a baseline
/// whose interpreter or busted is not installed is skipped, the runner's own number printed
/// alone.
///
/// Memory is the peak, over the run, of the proportional set size (PSS) summed over the
/// process and every process under it, sampled from `/proc` every millisecond: the memory
/// the run takes from the machine, each page shared by several processes (the program's
/// code, mapped by the parent and every worker) counted once in all (and a child that
/// shares its parent's memory until it starts its program, not at all). The sum of each
/// process's own peak resident size, which counts such pages once per process, is printed
/// beside it for information.
func runRunnerBenchmarks(_ bench: inout Benchmark) throws {
    let names = (
        suite: "runner: screens test, 50 files × 40 tests, default jobs (vs busted, Lua 5.4)",
        one: "runner: screens test, one file with one test (vs busted, Lua 5.4)",
        unsaved: "runner: the same with no compiled chunks saved (vs busted, Lua 5.4)",
        empty: "runner: screens run of an empty file (vs lua5.4 -e '')",
        memory: "runner: peak PSS of screens test's processes, 50 × 40 (vs busted, Lua 5.4)",
        rss: "runner: summed peak RSS of each process, 50 × 40 (vs busted, Lua 5.4)",
        cpu: "runner: CPU time of screens test and its workers, 50 × 40 (vs busted, Lua 5.2)",
        loop: "runner: a CPU-bound spec, -j 1 (vs lua5.4 running its body)",
        same: "runner: 200,000 assert.are.same in one test (vs busted, Lua 5.4)",
        coverage: "runner: 50 × 40 with --coverage (vs without)"
    )
    let all = [names.suite, names.one, names.unsaved, names.empty, names.memory, names.rss, names.cpu, names.loop,
               names.same, names.coverage]
    guard all.contains(where: bench.wants) else { return }
    guard let screens = siblingProgram("screens") else {
        print("runner: no release `screens` beside screens-bench: build it with `swift build -c release --product screens`")
        return
    }
    // `screens test` does not wait for its workers' exits (the system finishes them after
    // it ends): as their subreaper this process gets them, to wait for and count their CPU.
    _ = bench_become_subreaper()
    let folder = try RunnerSuites()
    // busted reads a `.busted` file in the current folder: the repository's is not for it.
    let previousFolder = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder.root.path)
    defer {
        _ = FileManager.default.changeCurrentDirectoryPath(previousFolder)
        folder.remove()
    }
    // The chunks `screens test` saves between runs go to the suites' folder: the figures
    // are those of a user who ran the tests before (the first round of each writes them),
    // whatever this user's own cache holds. With a file where the folder would be, nothing
    // is saved: each run compiles luassert and the runner's modules, as a first run does.
    let previousCache = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
    setenv("XDG_CACHE_HOME", folder.root.appendingPathComponent("cache").path, 1)
    defer {
        if let previousCache { setenv("XDG_CACHE_HOME", previousCache, 1) } else { unsetenv("XDG_CACHE_HOME") }
    }
    let busted = bustedCommand(on: "lua5.4")
    let busted52 = bustedCommand(on: "lua5.2")
    for (command, lua) in [(busted, "lua5.4"), (busted52, "lua5.2")] {
        if let command {
            print("runner: busted on \(lua) runs as `\(command.joined(separator: " "))`")
        } else {
            print("runner: busted or \(lua) is not installed: the figures against busted on \(lua) are skipped")
        }
    }

    let suite = [screens, "test", folder.suite]
    let one = [screens, "test", folder.one]
    if bench.wants(names.suite) {
        measureTimes(names.suite, ours: suite, baseline: busted.map { $0 + [folder.suite] }, rounds: 5, target: 0.15, &bench)
    }
    if bench.wants(names.cpu) {
        let cpu = measureTimes(
            names.cpu, ours: suite, baseline: busted52.map { $0 + [folder.suite] }, rounds: 5, target: nil, &bench,
            reporting: false)
        report(names.cpu, ours: cpu.ours, baseline: busted52 == nil ? nil : cpu.baseline, unit: "ms", target: 0.5, &bench)
    }
    if bench.wants(names.coverage) {
        let covered = measureTimes(
            names.coverage, ours: suite + ["--coverage"], baseline: suite, rounds: 5, target: nil, &bench, reporting: false)
        report(names.coverage, ours: covered.ours, baseline: covered.baseline, unit: "ms CPU", target: 2, &bench)
    }
    if bench.wants(names.one) {
        measureTimes(names.one, ours: one, baseline: busted.map { $0 + [folder.one] }, rounds: 25, target: 0.8, &bench)
    }
    if bench.wants(names.loop) {
        let lua = programOnPath("lua5.4").map { [$0, folder.loopBody] }
        if lua == nil { print("runner: lua5.4 is not installed: the CPU-bound spec is timed alone") }
        measureTimes(names.loop, ours: [screens, "test", "-j", "1", folder.loop], baseline: lua, rounds: 5, target: 1.05, &bench)
    }
    if bench.wants(names.same) {
        measureTimes(names.same, ours: [screens, "test", folder.same], baseline: busted.map { $0 + [folder.same] },
                     rounds: 5, target: 1.0, &bench)
    }
    if bench.wants(names.unsaved) {
        setenv("XDG_CACHE_HOME", folder.unsavable, 1)
        measureTimes(names.unsaved, ours: one, baseline: busted.map { $0 + [folder.one] }, rounds: 25, target: nil, &bench)
        setenv("XDG_CACHE_HOME", folder.root.appendingPathComponent("cache").path, 1)
    }
    if bench.wants(names.empty) {
        let lua = programOnPath("lua5.4").map { [$0, "-e", ""] }
        if lua == nil { print("runner: lua5.4 is not installed: `screens run` is timed alone") }
        measureTimes(names.empty, ours: [screens, "run", folder.empty], baseline: lua, rounds: 40, target: 5, &bench)
    }
    if bench.wants(names.memory) || bench.wants(names.rss) {
        var ours = TreeMemory(pss: .infinity, rss: .infinity)
        var baseline = TreeMemory(pss: .infinity, rss: .infinity)
        for _ in 0..<3 {
            ours = ours.lowest(sampleMemory(suite))
            if let busted { baseline = baseline.lowest(sampleMemory(busted + [folder.suite])) }
        }
        if bench.wants(names.memory) {
            report(names.memory, ours: ours.pss, baseline: busted == nil ? nil : baseline.pss, unit: "MB", target: 1.5, &bench)
        }
        if bench.wants(names.rss) {
            report(names.rss, ours: ours.rss, baseline: busted == nil ? nil : baseline.rss, unit: "MB", target: nil, &bench)
        }
    }
}

/// Milliseconds of wall time of `ours` and of `baseline`, run in alternation `rounds` times
/// after one round to warm the page cache, keeping the best of each.
///
/// - Returns: the least CPU time (user and system, of every process of the run) of each,
///   in milliseconds: what the run costs whatever else the machine does at the time.
@discardableResult
private func measureTimes(
    _ name: String, ours: [String], baseline: [String]?, rounds: Int, target: Double?, _ bench: inout Benchmark,
    reporting: Bool = true
) -> (ours: Double, baseline: Double) {
    _ = run(ours)
    if let baseline { _ = run(baseline) }
    var wall = (ours: Double.infinity, baseline: Double.infinity)
    var cpu = wall
    for _ in 0..<rounds {
        let time = run(ours)
        wall.ours = min(wall.ours, time.wall)
        cpu.ours = min(cpu.ours, time.cpu)
        if let baseline {
            let time = run(baseline)
            wall.baseline = min(wall.baseline, time.wall)
            cpu.baseline = min(cpu.baseline, time.cpu)
        }
    }
    if reporting {
        report(name, ours: wall.ours, baseline: baseline == nil ? nil : wall.baseline, unit: "ms", target: target, &bench)
    }
    return cpu
}

/// A figure, or without a baseline the number alone.
private func report(_ name: String, ours: Double, baseline: Double?, unit: String, target: Double?, _ bench: inout Benchmark) {
    if let baseline {
        bench.report(Figure(name: name, ours: ours, baseline: baseline, unit: unit, target: target))
    } else {
        print(name.padding(toLength: 72, withPad: " ", startingAt: 0) + String(format: "  %10.1f %@  (no baseline)", ours, unit))
    }
}

// MARK: - Suites

/// The suites the figures run, in a fresh temporary folder: `suite/` with 50 files of 40
/// passing tests, `one/` with one file of one test, a CPU-bound spec and its body as a plain
/// Lua file, a spec of 200,000 `assert.are.same`, and an empty Lua file.
private struct RunnerSuites {
    let root: URL
    var suite: String { root.appendingPathComponent("suite").path }
    var one: String { root.appendingPathComponent("one").path }
    var empty: String { root.appendingPathComponent("empty.lua").path }
    var loop: String { root.appendingPathComponent("loop_spec.lua").path }
    var loopBody: String { root.appendingPathComponent("loop.lua").path }
    var same: String { root.appendingPathComponent("same_spec.lua").path }
    /// A cache folder that cannot be made: a file is in the way.
    var unsavable: String { root.appendingPathComponent("empty.lua/cache").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("screens-bench-runner-\(UUID().uuidString)")
        let files = FileManager.default
        try files.createDirectory(atPath: root.appendingPathComponent("suite").path, withIntermediateDirectories: true)
        try files.createDirectory(atPath: root.appendingPathComponent("one").path, withIntermediateDirectories: true)
        for file in 1...50 {
            var text = "describe(\"file \(file)\", function()\n"
            for test in 1...40 {
                text += "  it(\"adds \(test)\", function()\n    assert.are.equal(\(test + 1), \(test) + 1)\n  end)\n"
            }
            text += "end)\n"
            try text.write(toFile: "\(suite)/file\(file)_spec.lua", atomically: false, encoding: .utf8)
        }
        try Data(try LuaResourceFolder.bench.contents(of: "one_spec.lua")).write(to: URL(fileURLWithPath: "\(one)/one_spec.lua"))
        try "".write(toFile: empty, atomically: false, encoding: .utf8)
        for (name, file) in [("loop_spec.lua", loop), ("loop.lua", loopBody), ("same_spec.lua", same)] {
            try Data(try LuaResourceFolder.bench.contents(of: name)).write(to: URL(fileURLWithPath: file))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

// MARK: - Programs

/// `name` in the folder of this program, when it is there.
private func siblingProgram(_ name: String) -> String? {
    guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// The first executable `name` on `PATH`.
private func programOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// How to run busted on the interpreter `lua` (`lua5.4`, `lua5.2`): Debian's busted is a Lua
/// script that runs on whichever Lua is the system's `lua`, and runs on another as its
/// argument. Nil when busted is not installed, or is not a Lua script, or `lua` is not.
private func bustedCommand(on lua: String) -> [String]? {
    guard let busted = programOnPath("busted"), let interpreter = programOnPath(lua) else { return nil }
    let firstLine = (try? String(contentsOfFile: busted, encoding: .utf8))?.prefix { $0 != "\n" } ?? ""
    guard firstLine.hasPrefix("#!"), firstLine.hasSuffix("lua") || firstLine.contains("lua ") else { return nil }
    return [interpreter, busted]
}

// MARK: - Running

/// Starts `command` with its output going nowhere.
private func spawn(_ command: [String]) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    precondition(status == 0, "cannot start \(command[0]): \(String(cString: strerror(status)))")
    return pid
}

/// Waits for `pid` and checks that it succeeded: a figure of a failing run means nothing.
private func reap(_ pid: pid_t, _ command: [String], options: Int32 = 0) -> Bool {
    var status: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &status, options) } while result < 0 && errno == EINTR
    guard result == pid else { return false }
    precondition(status == 0, "`\(command.joined(separator: " "))` failed with status \(status)")
    return true
}

/// Milliseconds from starting `command` to its end, and of CPU time it and every process it
/// started took: those it left to end after it (a test run's workers) are waited for once it
/// ended, outside the wall time.
private func run(_ command: [String]) -> (wall: Double, cpu: Double) {
    let before = childrenCPU()
    let start = ContinuousClock.now
    _ = reap(spawn(command), command)
    let elapsed = ContinuousClock.now - start
    let wall = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    reapOrphans()
    return (wall, childrenCPU() - before)
}

/// Waits for the processes that ended up this one's children when the command that started
/// them ended first (see `PR_SET_CHILD_SUBREAPER` above).
private func reapOrphans() {
    var status: Int32 = 0
    while true {
        let result = waitpid(-1, &status, 0)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { return }
    }
}

/// Milliseconds of CPU time of the processes this one waited for, and those they waited for.
private func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    return seconds * 1e3 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
}

/// The memory of a process tree, in megabytes.
private struct TreeMemory {
    /// The peak of the tree's summed proportional set size.
    var pss: Double
    /// The sum of each process's own peak resident size.
    var rss: Double

    func lowest(_ other: TreeMemory) -> TreeMemory {
        TreeMemory(pss: min(pss, other.pss), rss: min(rss, other.rss))
    }
}

/// Runs `command`, reading `/proc` every millisecond for the memory of it and of every
/// process under it.
private func sampleMemory(_ command: [String]) -> TreeMemory {
    let root = spawn(command)
    var peakPSS = 0
    var peakRSS: [pid_t: Int] = [:]
    while !reap(root, command, options: WNOHANG) {
        var pss = 0
        var pending = [root]
        var spaces: Set<[Substring]> = []
        while let pid = pending.popLast() {
            pending += children(of: pid)
            // A child between fork and exec shares its parent's memory: counted once.
            guard let space = addressSpace(of: pid), spaces.insert(space).inserted else { continue }
            pss += kilobytes("Pss", in: "/proc/\(pid)/smaps_rollup") ?? 0
            if let hwm = kilobytes("VmHWM", in: "/proc/\(pid)/status") { peakRSS[pid] = max(peakRSS[pid] ?? 0, hwm) }
        }
        peakPSS = max(peakPSS, pss)
        usleep(1_000)
    }
    reapOrphans()
    return TreeMemory(pss: Double(peakPSS) / 1024, rss: Double(peakRSS.values.reduce(0, +)) / 1024)
}

/// What tells a process's memory from another's: where its code starts and ends and where
/// its stack starts (fields 26 to 28 of `/proc/PID/stat`), placed at random for each
/// program started, and the same in a child that still shares its parent's memory.
private func addressSpace(of pid: pid_t) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let end = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    return fields.count > 25 ? Array(fields[23...25]) : nil
}

/// The kilobytes on the line `field:` of a `/proc` file.
private func kilobytes(_ field: String, in file: String) -> Int? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
    return nil
}

/// The processes `pid` started, from each of its threads' `children` list.
private func children(of pid: pid_t) -> [pid_t] {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
    return threads.flatMap { thread in
        ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { pid_t($0) }
    }
}

// screens-bench: prints each performance figure against a baseline measured in the same run.
// Run it with `make bench` (a release build).

#if DEBUG
print("note: this is a debug build; figures are only meaningful with -c release")
#endif

var bench = Benchmark()
bench.filter = CommandLine.arguments.dropFirst().first
do {
    try runBridgeBenchmarks(&bench)
    try runHostBenchmarks(&bench)
    runLoopBenchmarks(&bench)
    try runViewBenchmarks(&bench)
    try runPageBenchmarks(&bench)
    try runStoreBenchmarks(&bench)
    try runListBenchmarks(&bench)
    try runRunnerBenchmarks(&bench)
    try runTerminalBenchmarks(&bench)
    try runImageBenchmarks(&bench)
    try runPhotoDiaryBenchmarks(&bench)
    runStackBenchmarks(&bench)
    try runServeBenchmarks(&bench)
} catch {
    print("benchmark failed: \(error)")
}
let missed = bench.figures.filter { !$0.withinTarget }
if !missed.isEmpty {
    print("\(missed.count) figure(s) missed their target")
}

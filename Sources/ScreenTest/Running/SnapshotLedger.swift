import Foundation

/// What a run did with snapshot files: those its tests asked for, wrote and updated; at
/// the end, those in the `__snapshots__` folders of its files that no test asked for.
///
/// A snapshot file is obsolete only when nothing could have asked for it in this run and
/// did not: the whole of every file beside it ran (no filter, tag, shard, list or
/// fail-fast cut the run short, and every suite of its folder ran), and none of them
/// failed (a failed test may have stopped before its snapshots).
struct SnapshotLedger {
    private var asked = Set<String>()
    private var written: [String] = []
    private var updated: [String] = []
    private var finished: [String] = []

    mutating func add(_ uses: [TestResult.SnapshotUse]) {
        for use in uses {
            asked.insert(use.path)
            switch use.change {
            case .written: written.append(use.path)
            case .updated: updated.append(use.path)
            case nil: break
            }
        }
    }

    /// Every result of `file` was added.
    mutating func fileFinished(_ file: String) {
        finished.append(file)
    }

    /// The changes, with the obsolete files found (and removed with `--update-snapshots`).
    func finish(results: [TestResult], options: TestRunner.Options) -> SnapshotChanges {
        var changes = SnapshotChanges(written: unique(written), updated: unique(updated))
        let failed = Set(results.filter { $0.status == .failed }.map { $0.file ?? "" })
        let cut = !options.filters.isEmpty || !options.filtersOut.isEmpty || !options.tags.isEmpty
            || !options.excludeTags.isEmpty || options.shard != nil || options.list
            || (options.failFast && !failed.isEmpty)
        guard !cut else { return changes }
        let ran = Set(finished)
        var folders: [String] = []
        var seen = Set<String>()
        for file in finished where seen.insert(Self.folder(of: file)).inserted { folders.append(Self.folder(of: file)) }
        let manager = FileManager.default
        for folder in folders {
            let snapshots = folder + "__snapshots__"
            guard let entries = try? manager.contentsOfDirectory(atPath: snapshots) else { continue }
            var discovery = TestDiscovery()
            discovery.patterns = options.patterns
            discovery.excludePatterns = options.excludePatterns
            let suites = ((try? discovery.files(in: [folder.isEmpty ? "." : folder])) ?? [])
                .filter { Self.folder(of: $0) == folder }
            guard suites.allSatisfy(ran.contains),
                  !finished.contains(where: { Self.folder(of: $0) == folder && failed.contains($0) })
            else { continue }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = snapshots + "/" + entry
                var isFolder: ObjCBool = false
                guard !asked.contains(path), manager.fileExists(atPath: path, isDirectory: &isFolder),
                      !isFolder.boolValue
                else { continue }
                changes.obsolete.append(path)
            }
        }
        if options.updateSnapshots && !changes.obsolete.isEmpty {
            changes.obsolete = changes.obsolete.filter { (try? manager.removeItem(atPath: $0)) != nil }
            changes.removed = true
        }
        return changes
    }

    /// The folder a test file's snapshots are in, as the Lua side writes it in their paths:
    /// the file's path up to its last `/` included, or nothing for a file in the current
    /// folder.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    private func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }
}

/// What a run did to snapshot files, as its report shows it.
struct SnapshotChanges: Equatable {
    var written: [String] = []
    var updated: [String] = []
    /// Files no test asked for.
    var obsolete: [String] = []
    /// Whether the obsolete files were removed (`--update-snapshots`).
    var removed = false

    var isEmpty: Bool { written.isEmpty && updated.isEmpty && obsolete.isEmpty }

    /// "wrote 2 new snapshots" (and their paths with `verbose`), "updated 1 snapshot", the
    /// obsolete ones.
    func lines(verbose: Bool) -> [String] {
        var lines: [String] = []
        func list(_ paths: [String]) { lines += paths.map { "  " + $0 } }
        if !written.isEmpty {
            lines.append("wrote \(Self.count(written.count, "new snapshot"))")
            if verbose { list(written) }
        }
        if !updated.isEmpty {
            lines.append("updated \(Self.count(updated.count, "snapshot"))")
            if verbose { list(updated) }
        }
        if !obsolete.isEmpty {
            if removed {
                lines.append("removed \(Self.count(obsolete.count, "obsolete snapshot")):")
            } else {
                let count = Self.count(obsolete.count, "obsolete snapshot")
                lines.append("\(count), which no test asked for (remove with --update-snapshots):")
            }
            list(obsolete)
        }
        return lines
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

import Version

/// Which plugin of each name will load, and why every other one found will not.
///
/// Of several versions of a name, the highest is chosen that satisfies every `requires`
/// range of the plugins that will load; a plugin whose host range excludes this LuaScreens,
/// that requires a name not found, that is on a `requires` cycle, or whose range no version
/// satisfies is skipped, and so is every plugin that requires it. When the chosen version of
/// a name is skipped, the next lower version is tried.
///
/// The choice is made in rounds: each round either moves one name's choice to a lower
/// version or skips one more plugin for an unmet range, and a version passed over is not
/// taken again. So there are at most as many rounds as plugins found, each linear in the
/// plugins and their `requires`: hostile manifests cannot make it search exponentially
/// (it may, in a rare tangle, settle for fewer plugins than a full search would).
public struct PluginResolution: Sendable {
    /// What happens to one plugin folder.
    public enum Status: Equatable, Sendable {
        /// Chosen for its name; it loads when required.
        case willLoad
        /// Another version of the same name is chosen; the reason says which and why.
        case notChosen(String)
        /// It cannot load; the reason says why.
        case skipped(String)
        /// Its manifest has errors.
        case invalid(ManifestError)
    }

    /// One plugin folder of the catalog with its status.
    public struct Item: Sendable {
        public var entry: PluginCatalog.Entry
        public var status: Status

        public var manifest: PluginManifest? { try? entry.manifest.get() }
    }

    /// The LuaScreens version the plugins were matched against.
    public var host: Version
    /// Every plugin folder, in search-path order.
    public var items: [Item]
    /// The plugin that loads for each name.
    public var chosen: [String: PluginManifest]
    /// The plugins that load, each after those it requires (then by name).
    public var loadOrder: [PluginManifest]

    /// The plugins that cannot load, with the reason, in search-path order.
    public var skipped: [(plugin: PluginManifest, reason: String)] {
        items.compactMap { item in
            if case .skipped(let reason) = item.status, let manifest = item.manifest { (manifest, reason) } else { nil }
        }
    }

    /// Every problem: each manifest error, and each skipped plugin with its reason, naming
    /// its manifest (`plugins/forms/plugin.lua: requires geometry, which is not on the plugin path`).
    public var problems: [String] {
        items.flatMap { item -> [String] in
            switch item.status {
            case .invalid(let error): error.problems.map(\.description)
            case .skipped(let reason): ["\(PluginManifest.file(in: item.entry.folder)): \(reason)"]
            case .willLoad, .notChosen: []
            }
        }
    }

    /// Why no plugin named `name` loads, as a phrase about that plugin, or nil when one does:
    /// the reason its highest version was skipped (`needs LuaScreens >=1 (its host range),
    /// this is 0.2.0`, `requires widgets, which is not on the plugin path`), `its manifest
    /// has errors: …`, or `no plugin named x is on the plugin path`.
    public func reasonNotLoaded(_ name: String) -> String? {
        guard chosen[name] == nil else { return nil }
        let named = items.filter { $0.entry.name == name }
        let skipped = named.compactMap { item -> (Version, String)? in
            if case .skipped(let reason) = item.status, let manifest = item.manifest { (manifest.version, reason) } else { nil }
        }
        if let highest = skipped.max(by: { $0.0 < $1.0 }) { return highest.1 }
        for item in named {
            if case .invalid(let error) = item.status, let first = error.problems.first {
                return "its manifest has errors: \(first)"
            }
        }
        return "no plugin named \(name) is on the plugin path"
    }

    init(catalog: PluginCatalog, host: Version) {
        var resolver = Resolver(entries: catalog.entries, host: host)
        resolver.run()
        self.host = host
        items = resolver.items()
        loadOrder = resolver.loadOrder()
        chosen = Dictionary(uniqueKeysWithValues: loadOrder.map { ($0.name, $0) })
    }
}

/// The rounds of ``PluginResolution``.
private struct Resolver {
    let entries: [PluginCatalog.Entry]
    let host: Version
    /// Each name's usable plugins (valid, admitting the host, not a repeated version),
    /// highest version first, as indexes into `entries`.
    var candidates: [String: [Int]] = [:]
    /// Fixed statuses: invalid, host-excluded, repeated versions.
    var fixed: [Int: PluginResolution.Status] = [:]
    /// Each name's choice, as an index into its candidates.
    var choice: [String: Int] = [:]
    /// Plugins skipped for a range no version meets: they stay skipped.
    var unmet: [Int: String] = [:]
    /// Higher versions passed over, with the reason they were skipped.
    var passedOver: [Int: String] = [:]
    /// For the chosen plugins of the last round: why each cannot load, or nil.
    var reasons: [Int: Skip] = [:]

    struct Skip {
        var reason: String
        /// For a plugin skipped because something it requires was: the plugin (name and
        /// version) at the root of it and that one's reason.
        var root: (plugin: String, reason: String)?
    }

    /// How deep `requires` may nest.
    static let deepest = 256

    init(entries: [PluginCatalog.Entry], host: Version) {
        self.entries = entries
        self.host = host
        var byName: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            switch entry.manifest {
            case .failure(let error):
                fixed[index] = .invalid(error)
            case .success(let manifest):
                if !manifest.host.contains(host) {
                    fixed[index] = .skipped("needs LuaScreens \(manifest.host) (its host range), this is \(host)")
                } else if let first = byName[manifest.name]?.first(where: { entries[$0].manifest.version == manifest.version }) {
                    fixed[index] = .notChosen("the same version is in \(entries[first].folder), which comes first on the plugin path")
                } else {
                    byName[manifest.name, default: []].append(index)
                }
            }
        }
        for (name, indexes) in byName {
            // Stable: of equal versions (1.0.0 and 1.0.0+build) the first on the path wins.
            candidates[name] = indexes.enumerated().sorted { a, b in
                let va = entries[a.element].manifest.version!, vb = entries[b.element].manifest.version!
                return va != vb ? va > vb : a.offset < b.offset
            }.map(\.element)
            choice[name] = 0
        }
    }

    func manifest(_ index: Int) -> PluginManifest { try! entries[index].manifest.get() }

    func chosenIndex(_ name: String) -> Int? {
        guard let list = candidates[name], let at = choice[name] else { return nil }
        return list[at]
    }

    mutating func run() {
        let names = candidates.keys.sorted()
        let limit = entries.count * 2 + 2
        for _ in 0..<limit {
            findSkips(names)
            if lowerSkippedChoices(names) { continue }
            if applyRanges(names) { continue }
            return
        }
    }

    // MARK: - Skips

    /// Why each chosen plugin cannot load, from what it requires.
    mutating func findSkips(_ names: [String]) {
        reasons = [:]
        var done: Set<Int> = []
        var stack: [Int] = []
        for name in names {
            if let index = chosenIndex(name) { visit(index, &done, &stack) }
        }
    }

    private mutating func visit(_ index: Int, _ done: inout Set<Int>, _ stack: inout [Int]) {
        if done.contains(index) { return }
        let plugin = manifest(index)
        if let reason = unmet[index] {
            reasons[index] = Skip(reason: reason)
            done.insert(index)
            return
        }
        guard stack.count < Self.deepest else {
            reasons[index] = Skip(reason: "is more than \(Self.deepest) plugins deep in a chain of requires")
            done.insert(index)
            return
        }
        stack.append(index)
        for required in plugin.requiredNames {
            guard let dependency = chosenIndex(required) else {
                reasons[index] = Skip(reason: Self.missingReason(required, entries: entries, fixed: fixed))
                break
            }
            if let position = stack.firstIndex(of: dependency) {
                let cycle = (stack[position...].map { manifest($0).name } + [required]).joined(separator: " → ")
                for member in stack[position...] where reasons[member] == nil {
                    reasons[member] = Skip(reason: "is on a requires cycle: \(cycle)")
                }
                break
            }
            visit(dependency, &done, &stack)
            if reasons[index] != nil { break }
            if let skip = reasons[dependency] {
                let depPlugin = manifest(dependency)
                let root = skip.root ?? ("\(depPlugin.name) \(depPlugin.version)", skip.reason)
                let tail = skip.root == nil ? skip.reason : "it needs \(root.plugin), which \(root.reason)"
                reasons[index] = Skip(reason: "requires \(required), which was skipped: \(tail)", root: root)
                break
            }
        }
        stack.removeLast()
        done.insert(index)
    }

    /// Moves every skipped choice that has a lower version to that version.
    mutating func lowerSkippedChoices(_ names: [String]) -> Bool {
        var changed = false
        for name in names {
            guard let index = chosenIndex(name), let skip = reasons[index], let at = choice[name],
                  at + 1 < candidates[name]!.count else { continue }
            passedOver[index] = skip.reason
            choice[name] = at + 1
            changed = true
        }
        return changed
    }

    // MARK: - Ranges

    /// Checks each name's choice against the ranges of the chosen plugins that load; moves
    /// it down to the highest version that meets them all, or skips the plugins whose range
    /// cannot be met.
    mutating func applyRanges(_ names: [String]) -> Bool {
        var wanted: [String: [(by: Int, range: VersionRange)]] = [:]
        for name in names {
            guard let index = chosenIndex(name), reasons[index] == nil else { continue }
            let plugin = manifest(index)
            for required in plugin.requiredNames {
                wanted[required, default: []].append((index, plugin.requires[required]!))
            }
        }
        var changed = false
        for name in names {
            guard let ranges = wanted[name], let list = candidates[name], let at = choice[name] else { continue }
            let versions = Dictionary(uniqueKeysWithValues: list.map { ($0, manifest($0).version) })
            let meetsAll = { (index: Int) in ranges.allSatisfy { $0.range.contains(versions[index]!) } }
            if meetsAll(list[at]) { continue }
            if let lower = list[(at + 1)...].firstIndex(where: meetsAll) {
                choice[name] = lower
                changed = true
                continue
            }
            let found = list.map { manifest($0).version }.sorted().map(\.description).joined(separator: ", ")
            let alone = ranges.filter { wanted in !list.contains { wanted.range.contains(manifest($0).version) } }
            for (by, range) in alone {
                unmet[by] = "requires \(name) \(Self.shown(range)), but the versions found are \(found)"
            }
            if alone.isEmpty {
                for (by, range) in ranges {
                    let others = ranges.filter { $0.by != by }.map { "\(manifest($0.by).name) \(manifest($0.by).version) requires \(Self.shown($0.range))" }
                    unmet[by] = "requires \(name) \(Self.shown(range)), but \(others.joined(separator: ", ")), and no version of \(name) satisfies them all (found \(found))"
                }
            }
            changed = true
        }
        return changed
    }

    static func shown(_ range: VersionRange) -> String {
        range.text.trimmingCharacters(in: .whitespaces).isEmpty ? "\"\(range.text)\"" : range.text
    }

    // MARK: - Results

    func items() -> [PluginResolution.Item] {
        var statuses = fixed
        for (name, list) in candidates {
            let at = choice[name]!
            let chosen = list[at]
            let chosenVersion = manifest(chosen).version
            statuses[chosen] = reasons[chosen].map { .skipped($0.reason) } ?? .willLoad
            for (position, index) in list.enumerated() where index != chosen {
                let version = manifest(index).version
                if position < at {
                    if let reason = passedOver[index] {
                        statuses[index] = .skipped(reason)
                    } else {
                        statuses[index] = .notChosen("not chosen: \(excluder(of: version, name: name) ?? "a range of a plugin that was skipped later excludes it"); \(chosenVersion) is chosen")
                    }
                } else {
                    statuses[index] = .notChosen("not chosen: \(version) < \(chosenVersion)")
                }
            }
        }
        return entries.indices.map { PluginResolution.Item(entry: entries[$0], status: statuses[$0]!) }
    }

    /// The first loading plugin whose range for `name` excludes `version`.
    private func excluder(of version: Version, name: String) -> String? {
        for other in candidates.keys.sorted() {
            guard let index = chosenIndex(other), reasons[index] == nil else { continue }
            let plugin = manifest(index)
            if let range = plugin.requires[name], !range.contains(version) {
                return "\(plugin.name) \(plugin.version) requires \(name) \(Self.shown(range))"
            }
        }
        return nil
    }

    func loadOrder() -> [PluginManifest] {
        var order: [PluginManifest] = []
        var placed: Set<String> = []
        func place(_ name: String) {
            guard !placed.contains(name), let index = chosenIndex(name), reasons[index] == nil else { return }
            placed.insert(name)
            for required in manifest(index).requiredNames { place(required) }
            order.append(manifest(index))
        }
        for name in candidates.keys.sorted() { place(name) }
        return order
    }

    /// Why no plugin named `name` can be required.
    static func missingReason(_ name: String, entries: [PluginCatalog.Entry], fixed: [Int: PluginResolution.Status]) -> String {
        let named = entries.indices.filter { entries[$0].name == name }
        if let hostExcluded = named.first(where: { if case .skipped = fixed[$0] { true } else { false } }),
           case .skipped(let reason)? = fixed[hostExcluded] {
            return "requires \(name), which was skipped: it \(reason)"
        }
        if let invalid = named.first {
            return "requires \(name), whose manifest has errors (\(PluginManifest.file(in: entries[invalid].folder)))"
        }
        return "requires \(name), which is not on the plugin path"
    }

}

extension Result where Success == PluginManifest {
    fileprivate var version: Version? { try? get().version }
}

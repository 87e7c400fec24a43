import Foundation
import LuaBridge

/// Finds the callbacks a script misspelt: a function in a Lua class, or in a delegate or data
/// source, that nothing will call because its name is a slip of a callback's
/// (`viewDidLod`, `numberOfRow`, `touchesBegn`). Each is a warning on the host's
/// ``ScriptHost/warningHandler``, once per class (or delegate role) and name, naming the
/// callback it most likely meant and the place the function is defined:
///
/// ```
/// main.lua:12: Diary defines 'viewDidLod', which is never called; did you mean 'viewDidLoad'?
/// ```
///
/// The names a Swift or Objective-C programmer gives a callback from habit are caught the
/// same way, naming the Lua callback and its arguments (`habits.lua`):
///
/// ```
/// main.lua:20: Journal defines 'numberOfRowsInSection', UIKit's name, which is never called here; define 'numberOfRows(tv, section)'
/// ```
///
/// A class is checked when its first object is made, a delegate when it is set.
final class CallbackCheck {
    /// The responder methods, which views, controllers and gesture recognizers override.
    static let touchesCallbacks = ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"]
    /// What a Lua subclass of a view may override (see `ScriptHook`).
    static let viewCallbacks = ["init", "pointInside", "layoutSubviews", "draw", "intrinsicContentSize"] + touchesCallbacks
    /// What a Lua subclass of a control may override: a view's methods and the tracking ones.
    static let controlCallbacks = viewCallbacks + ["beginTracking", "continueTracking", "endTracking", "cancelTracking"]
    /// What a Lua subclass of a controller may override (see `ScriptHook`).
    static let controllerCallbacks = [
        "init", "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning", "viewWillTransition",
        "willMoveToParent", "didMoveToParent", "prepareForSegue", "shouldAutomaticallyForwardAppearanceMethods",
        "encodeRestorableState", "decodeRestorableState",
    ] + touchesCallbacks
    /// What a Lua subclass of `ui.TableViewCell`, `ui.CollectionViewCell` or
    /// `ui.CollectionReusableView` may override: a view's methods and the reuse.
    static let cellCallbacks = viewCallbacks + ["prepareForReuse"]
    /// What a Lua subclass of `ui.TableViewController` may define: a controller's callbacks,
    /// and its table's data source and delegate methods, which it answers itself.
    static let tableControllerCallbacks = controllerCallbacks + TableCallbacks.dataSourceNames + TableCallbacks.delegateNames
    /// What a Lua subclass of `ui.CollectionViewController` may define: a controller's
    /// callbacks, and its view's data source and delegate methods, which it answers itself.
    static let collectionControllerCallbacks =
        controllerCallbacks + CollectionCallbacks.dataSourceNames + CollectionCallbacks.delegateNames
    /// What a Lua layout may override (see LayoutOverrides.swift).
    static let layoutCallbacks = [
        "init", "prepare", "contentSize", "attributesInRect", "attributesForItem", "attributesForSupplementary",
        "attributesForDecoration",
    ]
    /// What a Lua subclass of `ui.GestureRecognizer` may override (see `ScriptHook`).
    static let gestureCallbacks = ["init"] + touchesCallbacks + ["reset"]

    private unowned let host: ScriptHost
    /// `functions(table)`: the names of the functions in a class and its Lua ancestors (or in
    /// a delegate table), each followed by where it is defined (or false).
    private let functions: LuaFunction?
    /// The Swift class tables (weakly keyed), where the walk up a Lua class's ancestors stops.
    private let swiftClasses: LuaTable?
    /// `wrapNew(new, expected, check)`: `new` with the checks in front.
    private let wrapNew: LuaFunction?
    /// What `new` checks, by registered class name.
    private var constructions: [String: (expected: String, callbacks: [String]?)] = [:]
    /// `callerPlace()`: see ``callerPlace()``.
    private let place: LuaFunction?
    private var warned: Set<String> = []
    /// UIKit's names of the callbacks, each with the Lua callback it is (`"cellForRowAt"`:
    /// `"cellForRow(tv, ip)"`), read on the first check.
    private lazy var habits: [String: String] = {
        guard let table = try? host.loadOwnChunk(Self.habitsChunk).call(returning: LuaTable.self) else { return [:] }
        var habits: [String: String] = [:]
        for (key, value) in table.pairs {
            if let name = key.stringValue, let call = value.stringValue { habits[name] = call }
        }
        return habits
    }()

    init(host: ScriptHost) {
        self.host = host
        let parts = try? host.loadOwnChunk(Self.chunk).callReturningAll()
        functions = parts?.first?.functionValue
        swiftClasses = parts?.dropFirst().first?.tableValue
        place = parts?.dropFirst(2).first?.functionValue
        wrapNew = parts?.dropFirst(3).first?.functionValue
    }

    /// Where the script that called the Swift function running now is (`main.lua:12`): for
    /// a property setter, which has no arguments to ask. Nil when no script code is found.
    func callerPlace() -> String? {
        (try? place?.call(returning: String?.self)) ?? nil
    }

    /// Asks for the checks of `new` on the registered class `name`; ``wrapConstructors(in:)``
    /// puts them in place.
    func checkConstruction(of name: String, expected: String, callbacks: [String]?) {
        constructions[name] = (expected, callbacks)
    }

    /// Puts the checks of `new` around the `new` of each class in `module` that asked for
    /// them, and marks every class there as a Swift class, where the walk up a Lua class's
    /// ancestors stops. Checking in Lua keeps `new` as fast as it was: a Lua subclass is
    /// looked at on its first `new` only.
    func wrapConstructors(in module: LuaTable) throws(LuaError) {
        guard let wrapNew else { return }
        for (_, value) in module.pairs {
            guard let cls = value.tableValue, let name = cls["__name"].stringValue else { continue }
            swiftClasses?.set(cls, true)
            guard let (expected, callbacks) = constructions[name], let new = cls["new"].functionValue else { continue }
            let check = callbacks.map { callbacks in
                host.lua.function { [weak self] args -> Void in
                    guard let cls = args[1].tableValue else { return }
                    self?.check(cls, owner: cls["__name"].stringValue ?? "the class", callbacks: callbacks)
                }
            }
            cls.set("new", try wrapNew.call(new, expected, check, returning: LuaFunction.self))
        }
    }

    /// Checks a delegate or data source when it is set: a table's functions, or an object's
    /// Lua class.
    /// - Parameter role: what it is to its container ("navigation delegate").
    func checkDelegate(_ value: LuaValue, role: String, callbacks: [String]) {
        switch value {
        case .table(let table):
            check(table, owner: "the \(role)", callbacks: callbacks, key: role)
        case .userdata(let userdata):
            guard let cls = (userdata.object(as: AnyObject.self) as? LuaExtensible)?.luaPeer?.luaClass else { return }
            let name = cls["__name"].stringValue ?? "the class"
            check(cls, owner: "\(name) (the \(role))", callbacks: callbacks, key: name)
        default:
            return
        }
    }

    private func check(_ table: LuaTable, owner: String, callbacks: [String], key: String? = nil) {
        guard let functions, let found = try? functions.call(table, swiftClasses.map(LuaValue.table) ?? .nil, returning: LuaTable.self) else {
            return
        }
        let list = found.array
        for index in stride(from: 0, to: list.count - 1, by: 2) {
            guard let name = list[index].stringValue, !callbacks.contains(name) else { continue }
            let message: String
            if let call = habit(name, among: callbacks) {
                message = "\(owner) defines '\(name)', UIKit's name, which is never called here; define '\(call)'"
            } else if let callback = Self.misspelt(name, among: callbacks) {
                message = "\(owner) defines '\(name)', which is never called; did you mean '\(callback)'?"
            } else {
                continue
            }
            guard warned.insert("\(key ?? owner).\(name)").inserted else { continue }
            let place = list[index + 1].stringValue.map { "\($0): " } ?? ""
            host.warningHandler(place + message)
        }
    }

    /// The Lua callback, with its arguments, that UIKit calls `name` (in Swift, or as an
    /// Objective-C selector with `_` for `:`), when it is one of `callbacks`.
    func habit(_ name: String, among callbacks: [String]) -> String? {
        var trimmed = Substring(name)
        while trimmed.hasSuffix("_") { trimmed = trimmed.dropLast() }
        guard let call = habits[String(trimmed)], let luaName = call.split(separator: "(").first,
              callbacks.contains(String(luaName)) else { return nil }
        return call
    }

    /// Every name ``habit(_:among:)`` knows, with its Lua callback: for the tests.
    var knownHabits: [String: String] { habits }

    /// The callback `name` is a slip of, if any. A name that only adds to a callback's
    /// (`reloadView`, `layoutSubviewsNow`, `redraw`) is a method of its own, not a slip.
    static func misspelt(_ name: String, among callbacks: [String]) -> String? {
        guard let callback = LuaSuggestion.closest(to: name, among: callbacks) else { return nil }
        let (a, b) = (name.lowercased(), callback.lowercased())
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        if long.count - short.count >= 2 && (long.hasPrefix(short) || long.hasSuffix(short)) { return nil }
        return callback
    }

    /// Writes a warning to standard error: the default ``ScriptHost/warningHandler``.
    nonisolated static func printToStandardError(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// UIKit's names of the callbacks: a table from each to its Lua call.
    private static let habitsChunk = LuaResourceChunk("habits.lua", name: "=ui.habits", in: .screenScript)

    /// The walker, the set of Swift classes, `callerPlace` and `wrapNew`.
    private static let chunk = LuaResourceChunk("callbacks.lua", name: "=ui.callbacks", in: .screenScript)
}

import LuaBridge
import ScreenKit

/// The classes lists make their reusable views of: `cv:register("Video", VideoCell)`,
/// `cv:registerSupplementary("header", "Title", TitleView)`, `layout:registerDecoration("logo", Logo)`.
///
/// A class is checked when it is registered: a class table that is the required `ui` class
/// or extends it. Its views are made with `Class:new()` as the list needs them, so its
/// `init` runs once per view, when the view is made, and never on reuse. One per host.
final class ReusableClasses {
    private static let descendsChunk = LuaResourceChunk("reusable.lua", name: "=ui.reusable", in: .screenScript)
    /// `descends(cls, base)`: whether the class table `cls` is `base` or reaches it up its
    /// chain of classes (raw comparisons; at most 100 classes up, should a script make a
    /// cycle).
    private let descends: LuaFunction?
    private weak var host: ScriptHost?

    init(host: ScriptHost) {
        self.host = host
        descends = try? host.loadOwnChunk(Self.descendsChunk).call(returning: LuaFunction.self)
    }

    /// The class at `index` of a call.
    /// - Throws: `bad argument #3 to 'register' (ui.CollectionViewCell class expected, got
    ///   number)`, or `(Card does not extend ui.CollectionViewCell)`.
    func read(_ args: LuaArguments, at index: Int32, base: LuaClassDefinition) throws -> ReusableClass {
        guard let host else { throw ScriptHost.gone }
        let value = args[index]
        guard case .table(let table) = value, let name = ScriptValues.className(of: value) else {
            throw args.error(index, "\(base.name) class expected, got \(ScriptValues.describe(value, in: host.lua))")
        }
        guard (try? descends?.call(table, host.lua.register(base), returning: Bool.self)) == true else {
            throw args.error(index, "\(name) does not extend \(base.name)")
        }
        return ReusableClass(table: table, name: name, base: base.name)
    }

    // MARK: - Making views

    /// Why the view a registered class was to make for the `dequeue` under way could not be
    /// made.
    private var failure: (any Error)?

    /// How a list makes the views of `cls` it dequeues: a view `Class:new()` cannot make (its
    /// `init` raised, or it gave something else) is replaced by `fallback()`, and
    /// ``dequeue(_:)`` raises the error.
    func factory<View: CollectionReusableView>(of cls: ReusableClass, fallback: @escaping () -> View) -> () -> View {
        { [weak self] in
            guard let self else { return fallback() }
            do {
                return try make(cls)
            } catch {
                failure = error
                return fallback()
            }
        }
    }

    /// How a layout makes its decoration views of `kind`: one that cannot be made is
    /// reported (the collection view asks for it as it lays out, not a script) and replaced
    /// by `fallback()`.
    func decorationFactory(of cls: ReusableClass, kind: String, fallback: @escaping () -> CollectionReusableView)
        -> () -> CollectionReusableView
    {
        { [weak self] in
            guard let self, let host else { return fallback() }
            do {
                return try make(cls)
            } catch {
                let context = "new of \(cls.name) for decoration view '\(kind)'"
                if let error = error as? LuaError { host.lua.report(error, in: context) } else { host.report("\(error)", in: context) }
                return fallback()
            }
        }
    }

    /// A view dequeued by `body` (which raises a list's refusal counted from 1); when the
    /// class could not make it, the error that stopped it, and the empty view is not reused.
    func dequeue<View: CollectionReusableView>(_ body: () throws -> View) throws -> View {
        failure = nil
        let view = try TableBindings.listChange(body)
        if let failure {
            self.failure = nil
            view.reuseIdentifier = nil
            throw failure
        }
        return view
    }

    /// A new object of `cls`, made as a script makes one (`Class:new()`).
    private func make<View: CollectionReusableView>(_ cls: ReusableClass) throws -> View {
        guard let host else { throw ScriptHost.gone }
        let made = try host.callMethod("new", on: LuaValue.table(cls.table))?.first ?? .nil
        guard let view = try? ScriptValues.read(made, as: View.self, in: host.lua) else {
            throw BindingError("\(cls.name):new() gave \(ScriptValues.describe(made, in: host.lua)), not a \(cls.base)")
        }
        return view
    }
}

/// A Lua class whose objects a list makes as it needs views.
struct ReusableClass {
    let table: LuaTable
    let name: String
    /// The `ui` class it extends.
    let base: String
}

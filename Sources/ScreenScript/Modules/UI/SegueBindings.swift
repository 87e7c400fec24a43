import LuaBridge
import ScreenKit

extension Segue: LuaObject {}

/// `ui.segue{ id =, from = ClassOrInstance, to = Class, kind = "push"|"modal"|"custom", perform = fn(segue) }`
/// registers a segue that `controller:performSegue(id, sender)` performs; `ui.Segue:new{
/// source =, destination =, perform = fn(segue) }:perform()` performs one directly, made in
/// code (a segue that undoes another, for example).
enum SegueBindings {
    /// Segues registered for Lua classes, looked up along a class's chain of superclasses.
    private static let registryChunk = LuaResourceChunk("segue.lua", name: "=ui.segue", in: .screenScript)

    /// A registered segue as Lua holds it.
    final class TemplateBox: LuaObject {
        let template: SegueTemplate
        init(_ template: SegueTemplate) { self.template = template }
        static let lua = LuaClass<TemplateBox>("ui.SegueTemplate")
    }

    static func open(_ table: LuaTable, host: ScriptHost) throws {
        let lua = host.lua
        let functions = try host.loadOwnChunk(registryChunk).callReturningAll()
        guard functions.count == 3, let add = functions[0].functionValue, let find = functions[1].functionValue,
              let make = functions[2].functionValue else {
            throw BindingError("the segue registry did not load")
        }
        host.segueFinder = find
        table.set("segue", lua.function(lifetime: .state) { [weak host] args -> Void in
            guard let host else { throw ScriptHost.gone }
            let fields = try args.get(1, as: LuaTable.self)
            let identifier = try args.field(1, "id", as: String.self)
            let kind = try args.field(1, "kind", as: Segue.Kind?.self) ?? .custom
            let destination = fields["to"]
            let isClass = destination.tableValue != nil
                && (try? host.methodFinder.call(destination, "new", returning: Bool.self)) == true
            guard isClass || destination.functionValue != nil else {
                throw args.error(1, "segue '\(identifier)' needs 'to', a controller class or a function that makes one, "
                                    + "got \(ScriptValues.describe(destination, in: host.lua))")
            }
            let perform = try args.field(1, "perform", as: LuaFunction?.self)
            if kind == .custom && perform == nil {
                throw args.error(1, "custom segue '\(identifier)' needs a perform function")
            }
            let template = SegueTemplate(identifier: identifier, kind: kind, destination: { [weak host] in
                let made = try make.call(destination, returning: LuaValue.self)
                guard let host else { throw ScriptHost.gone }
                do throws(LuaConversionError) {
                    return try ScriptValues.read(made, as: ViewController.self, in: host.lua)
                } catch {
                    throw BindingError("bad result from 'to' of segue '\(identifier)' (\(error.message))")
                }
            }, perform: perform.map { perform in { segue in try perform.call(segue) } })
            switch fields["from"] {
            case .table(let cls):
                try add.call(cls, identifier, TemplateBox(template))
            case .userdata(let userdata):
                guard let controller = userdata.object(as: ViewController.self) else { fallthrough }
                controller.register(template)
            default:
                throw args.error(1, "segue '\(identifier)' needs 'from', a controller class or controller")
            }
            _ = host
        })
    }

    /// The segue registered as `identifier` for `cls` or one of its superclasses.
    static func template(for cls: LuaTable, identifier: String, host: ScriptHost) -> SegueTemplate? {
        guard let find = host.segueFinder else { return nil }
        do {
            return try find.call(cls, identifier, returning: TemplateBox?.self)?.template
        } catch {
            host.lua.report(error, in: "finding segue '\(identifier)'")
            return nil
        }
    }

    static func segue(host: ScriptHost) -> LuaClass<Segue> {
        let cls = LuaClass<Segue>("ui.Segue")
        cls.scriptConstructor(keys: ["identifier", "source", "destination", "kind", "perform"], host: host) { args in
            _ = try args.get(2, as: LuaTable.self)
            let perform = try args.field(2, "perform", as: LuaFunction?.self)
            return Segue(
                identifier: try args.field(2, "identifier", as: String?.self),
                source: try args.field(2, "source", as: ViewController.self),
                destination: try args.field(2, "destination", as: ViewController.self),
                kind: try args.field(2, "kind", as: Segue.Kind?.self) ?? .custom,
                perform: perform.map { perform in { segue in try perform.call(segue) } })
        }
        cls.property("identifier") { $0.identifier }
        cls.property("source") { $0.source }
        cls.property("destination") { $0.destination }
        cls.property("kind") { $0.kind }
        cls.method("perform") { segue, _ in try segue.perform() }
        return cls
    }
}

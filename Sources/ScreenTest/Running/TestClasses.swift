import LuaBridge
import ScreenScript

/// `test.classes()`: every class of the host's registry as a record, sorted by name, so that
/// a generic suite (overrides, touches, fuzzing) covers each class registered without a
/// list of its own:
///
/// ```lua
/// for _, class in ipairs(test.classes()) do
///   if class.kind == "control" and class.extensible then ... ui[class.key]:extend(...) end
/// end
/// ```
///
/// A record is `{ name =, module =, key =, kind =, parent =, visibility =, constructible =,
/// extensible =, properties =, methods =, functions =, options =, sample = }`: the lists
/// sorted, `options` from each option property (inherited ones included) to the strings it
/// takes, `sample` the fields that make one that shows and takes touches.
enum TestClasses {
    static func records(host: ScriptHost) -> [[String: LuaValue]] {
        let lua = host.lua
        let catalog = ScriptClassCatalog(host: host)
        return catalog.sorted.map { entry in
            let sample = lua.newTable()
            for (name, value) in entry.sample { sample.set(name, value) }
            let options = lua.newTable()
            for (name, values) in catalog.options(of: entry.name) { options.set(name, values) }
            return [
                "name": .string(LuaString(entry.name)),
                "module": .string(LuaString(entry.module)),
                "key": .string(LuaString(entry.key)),
                "kind": .string(LuaString(entry.kind.rawValue)),
                "parent": entry.parent.map { .string(LuaString($0)) } ?? .nil,
                "visibility": .string(LuaString(entry.visibility.rawValue)),
                "constructible": .boolean(entry.isConstructible),
                "extensible": .boolean(entry.isExtensible),
                "properties": list(entry.properties, in: lua),
                "methods": list(entry.methods, in: lua),
                "functions": list(entry.classFunctions, in: lua),
                "options": .table(options),
                "sample": .table(sample),
            ]
        }
    }

    private static func list(_ names: Set<String>, in lua: LuaState) -> LuaValue {
        let table = lua.newTable()
        for (index, name) in names.sorted().enumerated() { table.set(index + 1, name) }
        return .table(table)
    }
}

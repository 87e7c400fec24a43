import LuaBridge
import ScreenKit

/// One class scripts see, as the registry declares it: its definition (name, members,
/// parent), where scripts reach it, and what a generic test gives `new` to make one that
/// shows and takes touches. Everything else is derived from the definition: the key in its
/// module's table (`ui.Switch` is `ui["Switch"]`), the module, what kind of class it is.
///
/// ```swift
/// ScriptClass(ControlBindings.slider(parent: control, host: host), sample: ["maximumValue": 10])
/// ```
public struct ScriptClass {
    /// Where scripts reach a class.
    public enum Visibility: String, Sendable {
        /// In its module's table, under its key (`ui.Switch`).
        case module
        /// Only through objects the host hands out (`ui.Touch`, `loop.Timer`).
        case objects
        /// Never: the bindings' own bookkeeping (`ui.SegueTemplate`).
        case hidden
    }

    /// What its objects are, from their Swift class.
    public enum Kind: String, Sendable {
        case control, view, controller, gesture, layout, object
    }

    public let definition: LuaClassDefinition
    public let visibility: Visibility
    /// Fields a generic test gives `new` so that the object shows and takes touches (a
    /// slider's range, a segmented control's segments); empty for most classes.
    public let sample: [String: ScriptSample]

    public init(_ definition: LuaClassDefinition, _ visibility: Visibility = .module, sample: [String: ScriptSample] = [:]) {
        self.definition = definition
        self.visibility = visibility
        self.sample = sample
    }

    /// The dotted name Lua shows (`ui.Switch`).
    public var name: String { definition.name }

    /// The module it belongs to (`ui`).
    public var module: String { String(name.prefix { $0 != "." }) }

    /// Its key in the module's table (`Switch`).
    public var key: String {
        guard let dot = name.firstIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    public var kind: Kind {
        let type = definition.objectType
        if type is Control.Type { return .control }
        if type is View.Type { return .view }
        if type is ViewController.Type { return .controller }
        if type is GestureRecognizer.Type { return .gesture }
        if type is CollectionViewLayout.Type { return .layout }
        return .object
    }
}

/// A value of a ``ScriptClass/sample`` field, pushed as Lua's own.
public enum ScriptSample: Sendable, Equatable, LuaPushable, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    case boolean(Bool)
    case number(Double)
    case string(String)
    case strings([String])

    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: String...) { self = .strings(elements) }

    public func push(to stack: LuaStack) -> Int32 {
        switch self {
        case .boolean(let value): value.push(to: stack)
        case .number(let value): value.push(to: stack)
        case .string(let value): value.push(to: stack)
        case .strings(let value): value.push(to: stack)
        }
    }
}

import LuaBridge
import ScreenKit

// The layouts Lua classes extend. A collection view asks its layout through the open
// methods of `CollectionViewLayout`; `ScriptLayout` and `ScriptFlowLayout` override each to
// ask the object's Lua class first, through `ScriptLayoutClass`, so a Lua layout works as a
// Swift one does. A method the Lua class does not define costs no call into Lua (the peer's
// miss cache); one it defines and that calls `super` reaches the Swift answer.
//
// Every answer is checked before the collection view sees it: a value that is not what the
// method returns, attributes that are not finite, that are not for what was asked, or that
// name an item or section the data source does not have, or a decoration kind nobody
// registered. Each is reported as "bad result from 'attributesInRect'" in the layout's
// class and left out; an override that raises is reported with its traceback, and the
// layout answers as if it had no override.

/// A layout class Lua classes extend (`ui.Layout`, `ui.FlowLayout`).
protocol ScriptLayoutClass: CollectionViewLayout, LuaExtensible {
    var host: ScriptHost? { get }
}

extension ScriptLayoutClass {
    func forwardPrepare(else method: () -> Void) {
        if luaPeer?.callOverride("prepare", on: self).ran != true { method() }
    }

    func forwardedContentSize(else method: () -> Size) -> Size {
        guard let values = answer("contentSize") else { return method() }
        guard let size = read(values.first ?? .nil, as: Size.self, from: "contentSize") else { return method() }
        return size
    }

    func forwardedAttributes(in rect: Rect, else method: () -> [LayoutAttributes]) -> [LayoutAttributes] {
        guard let values = answer("attributesInRect", rect) else { return method() }
        guard let list = values.first, !list.isNil else { return [] }
        guard let elements = read(list, as: [LuaValue].self, from: "attributesInRect") else { return [] }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(elements.count)
        var firstProblem: String?
        for (position, element) in elements.enumerated() {
            do throws(LuaConversionError) {
                let item = try read(element)
                if let found = problem(with: item) { throw LuaConversionError(message: found) }
                attributes.append(item)
            } catch {
                firstProblem = firstProblem ?? "\(error.message) at index \(position + 1)"
            }
        }
        // One report per answer: a layout that gets one element wrong gets many wrong.
        if let firstProblem { reportResult(of: "attributesInRect", firstProblem) }
        return attributes
    }

    func forwardedAttributes(
        forItemAt indexPath: IndexPath, else method: () -> LayoutAttributes?
    ) -> LayoutAttributes? {
        guard let values = answer("attributesForItem", indexPath) else { return method() }
        return checked(values, of: "attributesForItem", for: LayoutAttributes.Element(category: .cell, indexPath: indexPath))
    }

    func forwardedAttributes(
        forSupplementaryOfKind kind: String, at indexPath: IndexPath, else method: () -> LayoutAttributes?
    ) -> LayoutAttributes? {
        guard let values = answer("attributesForSupplementary", kind, indexPath) else { return method() }
        let element = LayoutAttributes.Element(category: .supplementary(kind: kind), indexPath: indexPath)
        return checked(values, of: "attributesForSupplementary", for: element)
    }

    func forwardedAttributes(
        forDecorationOfKind kind: String, at indexPath: IndexPath, else method: () -> LayoutAttributes?
    ) -> LayoutAttributes? {
        guard let values = answer("attributesForDecoration", kind, indexPath) else { return method() }
        let element = LayoutAttributes.Element(category: .decoration(kind: kind), indexPath: indexPath)
        return checked(values, of: "attributesForDecoration", for: element)
    }

    // MARK: - Checking answers

    /// What the Lua override `name` returned; nil when there is none, or it raised (reported).
    private func answer<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        guard let luaPeer, case .returned(let values) = luaPeer.callOverride(name, on: self, repeat each arguments) else {
            return nil
        }
        return values
    }

    /// The attributes of one element `name` returned (nil for none), when they are for
    /// `element` and can be shown; else reported, and nil.
    private func checked(_ values: [LuaValue], of name: String, for element: LayoutAttributes.Element) -> LayoutAttributes? {
        guard let value = values.first, !value.isNil else { return nil }
        do throws(LuaConversionError) {
            let attributes = try read(value)
            guard attributes.element == element else {
                throw LuaConversionError(
                    message: "attributes for \(Self.describe(element)) expected, got attributes for \(Self.describe(attributes.element))")
            }
            if let problem = problem(with: attributes) { throw LuaConversionError(message: problem) }
            return attributes
        } catch {
            reportResult(of: name, error.message)
            return nil
        }
    }

    private func read(_ value: LuaValue) throws(LuaConversionError) -> LayoutAttributes {
        guard let host else { throw LuaConversionError(message: "the host is gone") }
        return try ScriptValues.read(value, as: ScriptAttributes.self, in: host.lua).attributes
    }

    private func read<T: LuaReadable>(_ value: LuaValue, as type: T.Type, from name: String) -> T? {
        guard let host else { return nil }
        do {
            return try ScriptValues.read(value, as: type, in: host.lua)
        } catch {
            reportResult(of: name, error.message)
            return nil
        }
    }

    /// Why the collection view could not show `attributes`, or nil when it can.
    private func problem(with attributes: LayoutAttributes) -> String? {
        if let field = attributes.firstNonFiniteField { return "the \(field) is not finite" }
        guard let context = collectionView else { return nil }
        let path = attributes.indexPath
        let sections = context.numberOfSections
        switch attributes.category {
        case .cell:
            guard path.section >= 0, path.section < sections, path.item >= 0,
                  path.item < context.numberOfItems(inSection: path.section) else {
                return "attributes for \(Self.describe(attributes.element)), which does not exist"
            }
        case .supplementary:
            guard path.section >= 0, path.section < sections, path.item >= 0 else {
                return "attributes for \(Self.describe(attributes.element)), whose section does not exist"
            }
        case .decoration(let kind):
            guard hasDecoration(ofKind: kind) else {
                return "attributes for decoration view '\(kind)', a kind not registered with registerDecoration"
            }
        }
        return nil
    }

    /// "item 2 of section 1", "header 1 of section 2", "decoration view 'logo'", counted from 1.
    static func describe(_ element: LayoutAttributes.Element) -> String {
        let path = element.indexPath
        let place = "\(path.item &+ 1) of section \(path.section &+ 1)"
        switch element.category {
        case .cell: return "item \(place)"
        case .supplementary(let kind): return "'\(kind)' \(place)"
        case .decoration(let kind): return "decoration view '\(kind)' \(place)"
        }
    }

    /// Reports an answer the collection view cannot use, as Lua words a bad argument:
    /// `bad result from 'attributesInRect' (ui.LayoutAttributes expected, got number at index 2)`.
    private func reportResult(of name: String, _ problem: String) {
        host?.report("bad result from '\(name)' (\(problem))", in: "\(name) of \(luaPeer?.luaClassName ?? "the layout")")
    }
}

final class ScriptLayout: CollectionViewLayout, ScriptLayoutClass {
    var luaPeer: LuaPeer?
    weak var host: ScriptHost?

    init(host: ScriptHost?) {
        self.host = host
        super.init()
    }

    override func prepare() { forwardPrepare { super.prepare() } }

    override var collectionViewContentSize: Size { forwardedContentSize { super.collectionViewContentSize } }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        forwardedAttributes(in: rect) { super.layoutAttributesForElements(in: rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forItemAt: indexPath) { super.layoutAttributesForItem(at: indexPath) }
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forSupplementaryOfKind: kind, at: indexPath) {
            super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forDecorationOfKind: kind, at: indexPath) {
            super.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        }
    }
}

/// A flow layout Lua classes extend: an override that calls `super` gets the flow layout's
/// answer to change (a `prepare` override calls `super` for the flow layout to place the
/// items at all).
final class ScriptFlowLayout: FlowLayout, ScriptLayoutClass {
    var luaPeer: LuaPeer?
    weak var host: ScriptHost?

    init(host: ScriptHost?) {
        self.host = host
        super.init()
    }

    override func prepare() { forwardPrepare { super.prepare() } }

    override var collectionViewContentSize: Size { forwardedContentSize { super.collectionViewContentSize } }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        forwardedAttributes(in: rect) { super.layoutAttributesForElements(in: rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forItemAt: indexPath) { super.layoutAttributesForItem(at: indexPath) }
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forSupplementaryOfKind: kind, at: indexPath) {
            super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        forwardedAttributes(forDecorationOfKind: kind, at: indexPath) {
            super.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        }
    }
}

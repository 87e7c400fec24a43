import LuaBridge
import ScreenKit

// What a layout's Lua class answers. A collection view asks its layout through
// `CollectionViewLayout`'s hook points, which ask the layout's `ScriptHook` first, so a Lua
// layout works as a Swift one does. A method the Lua class does not define costs no call
// into Lua (the peer's miss cache); one it defines and that calls `super` reaches the Swift
// answer (a `prepare` override of a flow layout calls `super` for it to place the items).
//
// Every answer is checked before the collection view sees it: a value that is not what the
// method returns, attributes that are not finite, that are not for what was asked, or that
// name an item or section the data source does not have, or a decoration kind nobody
// registered. Each is reported as "bad result from 'attributesInRect'" in the layout's
// class and left out; an override that raises is reported with its traceback, and the
// layout answers as if it had no override.

extension CollectionViewLayout.Callback: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Void? {
        hook.call(name, on: object).ran ? () : nil
    }
}

extension CollectionViewLayout.ContentSizeQuestion: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Size? {
        guard let values = hook.answer(name, on: object) else { return nil }
        return LayoutAnswers(hook: hook, layout: object).read(values.first ?? .nil, as: Size.self, from: name)
    }
}

extension CollectionViewLayout.ElementsQuestion: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> [LayoutAttributes]? {
        guard let values = hook.answer(name, on: object, rect) else { return nil }
        return LayoutAttributes.checkedList(values, from: name, by: LayoutAnswers(hook: hook, layout: object))
    }
}

extension CollectionViewLayout.ElementQuestion: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> CollectionViewLayout.ElementAnswer? {
        let values: [LuaValue]?
        let element: LayoutAttributes.Element
        switch self {
        case .item(let indexPath):
            values = hook.answer(name, on: object, indexPath)
            element = LayoutAttributes.Element(category: .cell, indexPath: indexPath)
        case .supplementary(let kind, let indexPath):
            values = hook.answer(name, on: object, kind, indexPath)
            element = LayoutAttributes.Element(category: .supplementary(kind: kind), indexPath: indexPath)
        case .decoration(let kind, let indexPath):
            values = hook.answer(name, on: object, kind, indexPath)
            element = LayoutAttributes.Element(category: .decoration(kind: kind), indexPath: indexPath)
        }
        guard let values else { return nil }
        return CollectionViewLayout.ElementAnswer(LayoutAnswers(hook: hook, layout: object).checked(values, of: name, for: element))
    }
}

extension LayoutAttributes {
    /// The attributes in what `attributesInRect` returned that the collection view can show;
    /// the first problem is reported (a layout that gets one element wrong gets many wrong).
    fileprivate static func checkedList(_ values: [LuaValue], from name: String, by answers: LayoutAnswers) -> [LayoutAttributes] {
        guard let list = values.first, !list.isNil else { return [] }
        guard let elements = answers.read(list, as: [LuaValue].self, from: name) else { return [] }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(elements.count)
        var firstProblem: String?
        for (position, element) in elements.enumerated() {
            do throws(LuaConversionError) {
                let item = try answers.read(element)
                if let found = answers.problem(with: item) { throw LuaConversionError(message: found) }
                attributes.append(item)
            } catch {
                firstProblem = firstProblem ?? "\(error.message) at index \(position + 1)"
            }
        }
        if let firstProblem { answers.reportResult(of: name, firstProblem) }
        return attributes
    }
}

/// Checks what a layout's Lua class answered.
private struct LayoutAnswers {
    let hook: ScriptHook
    let layout: CollectionViewLayout?

    init(hook: ScriptHook, layout: AnyObject) {
        self.hook = hook
        self.layout = layout as? CollectionViewLayout
    }

    /// The attributes of one element `name` returned (nil for none), when they are for
    /// `element` and can be shown; else reported, and nil.
    func checked(_ values: [LuaValue], of name: String, for element: LayoutAttributes.Element) -> LayoutAttributes? {
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

    func read(_ value: LuaValue) throws(LuaConversionError) -> LayoutAttributes {
        guard let host = hook.host else { throw LuaConversionError(message: ScriptHost.gone.message) }
        return try ScriptValues.read(value, as: ScriptAttributes.self, in: host.lua).attributes
    }

    func read<T: LuaReadable>(_ value: LuaValue, as type: T.Type, from name: String) -> T? {
        guard let host = hook.host else { return nil }
        do {
            return try ScriptValues.read(value, as: type, in: host.lua)
        } catch {
            reportResult(of: name, error.message)
            return nil
        }
    }

    /// Why the collection view could not show `attributes`, or nil when it can.
    func problem(with attributes: LayoutAttributes) -> String? {
        if let field = attributes.firstNonFiniteField { return "the \(field) is not finite" }
        guard let context = layout?.collectionView else { return nil }
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
            guard layout?.hasDecoration(ofKind: kind) ?? false else {
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
    func reportResult(of name: String, _ problem: String) {
        hook.report("bad result from '\(name)' (\(problem))", from: name)
    }
}

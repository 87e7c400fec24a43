import LuaBridge
import ScreenKit

extension CollectionViewLayout: LuaObject {}
extension FlowLayout.ScrollDirection: LuaEnumeration {}

/// `ui.Layout`, `ui.FlowLayout` and layout attributes (`ui.attributes{...}`, read back as
/// `ui.LayoutAttributes`).
///
/// A Lua layout extends `ui.Layout` (or `ui.FlowLayout`) and overrides what it answers;
/// the collection view asks it as it asks a Swift layout, and checks every answer (see
/// `LayoutOverrides.swift`).
///
/// ```lua
/// local Diagonal = ui.Layout:extend("Diagonal")
/// function Diagonal:contentSize() return self.collectionView.bounds end
/// function Diagonal:attributesForItem(ip)
///   return ui.attributes{ indexPath = ip, center = { 60 + 20 * ip.item, 40 + 20 * ip.item }, size = { 100, 60 } }
/// end
/// ```
enum LayoutBindings {
    // MARK: - ui.Layout

    static func layout(host: ScriptHost, classes: ReusableClasses, reusable: LuaClassDefinition) -> LuaClass<CollectionViewLayout> {
        let cls = LuaClass<CollectionViewLayout>("ui.Layout", extensible: true)
        cls.rejectsUnknownProperties = true
        cls.scriptConstructor(callbacks: CallbackCheck.layoutCallbacks, host: host) { _ in CollectionViewLayout() }
        cls.property("collectionView") { $0.collectionView as? CollectionView }
        cls.property("invalidatesOnSelection", get: { $0.invalidatesOnSelection }, set: { $0.invalidatesOnSelection = $1 })
        cls.method("invalidate") { layout, _ in layout.invalidateLayout() }
        cls.method("registerDecoration") { layout, args in
            let kind = try args.get(2, as: String.self)
            let made = try classes.read(args, at: 3, base: reusable)
            layout.register(decorationKind: kind, factory: classes.decorationFactory(of: made, kind: kind) {
                CollectionReusableView()
            })
        }
        // The Swift answers, which Lua overrides reach through `super` (a flow layout's are
        // its own; a plain layout has none). Each prepares the layout first, if it is due.
        cls.method("prepare") { layout, _ in layout.prepare() }
        cls.method("contentSize") { layout, _ in
            layout.prepareIfNeeded()
            return layout.collectionViewContentSize
        }
        cls.method("attributesInRect") { layout, args in
            let rect = try args.get(2, as: Rect.self)
            layout.prepareIfNeeded()
            return layout.layoutAttributesForElements(in: rect)
        }
        cls.method("attributesForItem") { layout, args in
            let indexPath = try args.get(2, as: IndexPath.self)
            layout.prepareIfNeeded()
            return layout.layoutAttributesForItem(at: indexPath)
        }
        cls.method("attributesForSupplementary") { layout, args in
            let kind = try args.get(2, as: String.self)
            let indexPath = try args.get(3, as: IndexPath.self)
            layout.prepareIfNeeded()
            return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        }
        cls.method("attributesForDecoration") { layout, args in
            let kind = try args.get(2, as: String.self)
            let indexPath = try args.get(3, as: IndexPath.self)
            layout.prepareIfNeeded()
            return layout.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        }
        return cls
    }

    // MARK: - ui.FlowLayout

    static func flowLayout(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<FlowLayout> {
        let cls = LuaClass<FlowLayout>("ui.FlowLayout", parent: parent, extensible: true)
        cls.scriptConstructor(callbacks: CallbackCheck.layoutCallbacks, host: host) { _ in FlowLayout() }
        cls.property("itemSize", get: { $0.itemSize }, set: { $0.itemSize = $1 })
        cls.finiteProperty("minimumInteritemSpacing", get: { $0.minimumInteritemSpacing }, set: { $0.minimumInteritemSpacing = $1 })
        cls.finiteProperty("minimumLineSpacing", get: { $0.minimumLineSpacing }, set: { $0.minimumLineSpacing = $1 })
        cls.property("sectionInset", get: { $0.sectionInset }, set: { $0.sectionInset = $1 })
        cls.property("headerSize", get: { $0.headerReferenceSize }, set: { $0.headerReferenceSize = $1 })
        cls.property("footerSize", get: { $0.footerReferenceSize }, set: { $0.footerReferenceSize = $1 })
        cls.property("scrollDirection", get: { $0.scrollDirection }, set: { $0.scrollDirection = $1 })
        return cls
    }

    // MARK: - ui.attributes

    /// The fields `ui.attributes{...}` takes.
    static let attributeFields = [
        "indexPath", "kind", "decoration", "frame", "center", "size", "zIndex", "alpha", "hidden", "transform",
    ]

    /// `ui.attributes{ indexPath =, kind = | decoration =, frame = | center = + size =, zIndex =, alpha =, hidden =, transform = }`:
    /// a cell's attributes without `kind`, a supplementary view's with it, a decoration
    /// view's with `decoration`. `frame` is applied first, then `size` (about the centre),
    /// then `center`. A field it does not take is refused with the one meant.
    static func attributes(_ args: LuaArguments) throws -> ScriptAttributes {
        let fields = try args.get(1, as: LuaTable.self)
        for (key, _) in fields.pairs {
            guard let name = key.stringValue, attributeFields.contains(name) else {
                let hint = key.stringValue.map { LuaSuggestion.hint(for: $0, among: attributeFields) } ?? ""
                throw args.error(1, "no attribute field \(key.keyDescription)\(hint)")
            }
        }
        let indexPath = try args.field(1, "indexPath", as: IndexPath.self)
        let kind = try args.field(1, "kind", as: String?.self)
        let decoration = try args.field(1, "decoration", as: String?.self)
        let category: LayoutAttributes.Category
        switch (kind, decoration) {
        case (nil, nil): category = .cell
        case (let kind?, nil): category = .supplementary(kind: kind)
        case (nil, let decoration?): category = .decoration(kind: decoration)
        case (.some, .some): throw args.error(1, "attributes are a supplementary view's (kind) or a decoration view's, not both")
        }
        var attributes = LayoutAttributes(indexPath: indexPath, category: category)
        if let frame = try args.field(1, "frame", as: Rect?.self) { attributes.frame = frame }
        if let size = try args.field(1, "size", as: Size?.self) { attributes.size = size }
        if let center = try args.field(1, "center", as: Point?.self) { attributes.center = center }
        if let zIndex = try args.field(1, "zIndex", as: Int?.self) { attributes.zIndex = zIndex }
        if let alpha = try args.field(1, "alpha", as: Finite?.self) { attributes.alpha = alpha.value }
        if let hidden = try args.field(1, "hidden", as: Bool?.self) { attributes.isHidden = hidden }
        if let transform = try args.field(1, "transform", as: AffineTransform?.self) { attributes.transform = transform }
        if let field = attributes.firstNonFiniteField { throw args.error(1, "the \(field) would not be finite") }
        return ScriptAttributes(attributes)
    }
}

// MARK: - ui.LayoutAttributes

extension LayoutAttributes: LuaPushable {
    /// Pushes a copy, as a `ui.LayoutAttributes`.
    public func push(to stack: LuaStack) -> Int32 {
        ScriptAttributes(self).push(to: stack)
    }
}

/// Layout attributes as Lua holds them (`ui.LayoutAttributes`): a copy of the values, which a
/// layout makes with `ui.attributes{...}` (or gets from `super`), may change, and returns.
/// Every number it takes is finite, so what a Lua layout returns is finite too.
final class ScriptAttributes: LuaObject {
    var attributes: LayoutAttributes

    init(_ attributes: LayoutAttributes) {
        self.attributes = attributes
    }

    /// Makes a change, unless it leaves a number that is not finite (a centre moved by
    /// half of a size near the largest `Double`).
    /// - Throws: the refusal, naming the field that would not be finite.
    func update(_ change: (inout LayoutAttributes) -> Void) throws(LuaConversionError) {
        var changed = attributes
        change(&changed)
        if let field = changed.firstNonFiniteField {
            throw LuaConversionError(message: "the \(field) would not be finite")
        }
        attributes = changed
    }

    static let lua: LuaClass<ScriptAttributes> = {
        let cls = LuaClass<ScriptAttributes>("ui.LayoutAttributes")
        cls.property("indexPath", get: { $0.attributes.indexPath }, set: { $0.attributes.indexPath = $1 })
        // "header", "footer" or a custom kind; a decoration view's kind; nil for a cell.
        cls.property("kind") { $0.attributes.representedElementKind }
        cls.property("category") { LayoutBindings.categoryName($0.attributes.category) }
        cls.property("frame", get: { $0.attributes.frame }, set: { object, frame in try object.update { $0.frame = frame } })
        cls.property("center", get: { $0.attributes.center }, set: { object, center in try object.update { $0.center = center } })
        cls.property("size", get: { $0.attributes.size }, set: { object, size in try object.update { $0.size = size } })
        cls.property("zIndex", get: { $0.attributes.zIndex }, set: { $0.attributes.zIndex = $1 })
        cls.finiteProperty("alpha", get: { $0.attributes.alpha }, set: { $0.attributes.alpha = $1 })
        cls.property("hidden", get: { $0.attributes.isHidden }, set: { $0.attributes.isHidden = $1 })
        cls.property("transform", get: { $0.attributes.transform }, set: { object, transform in
            try object.update { $0.transform = transform }
        })
        cls.metamethod("__tostring") { args in
            let attributes = try args.get(1, as: ScriptAttributes.self).attributes
            let kind = attributes.representedElementKind.map { " '\($0)'" } ?? ""
            let path = attributes.indexPath
            let frame = attributes.frame
            return "ui.LayoutAttributes(\(LayoutBindings.categoryName(attributes.category))\(kind) "
                + "\(path.section &+ 1).\(path.item &+ 1) {\(frame.origin.x), \(frame.origin.y), "
                + "\(frame.size.width), \(frame.size.height)} z \(attributes.zIndex))"
        }
        return cls
    }()
}

extension LayoutBindings {
    static func categoryName(_ category: LayoutAttributes.Category) -> String {
        switch category {
        case .cell: "cell"
        case .supplementary: "supplementary"
        case .decoration: "decoration"
        }
    }
}

// MARK: - Transforms

extension AffineTransform: LuaConvertible {
    /// Pushes `{ a =, b =, c =, d =, tx =, ty = }`.
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(["a": a, "b": b, "c": c, "d": d, "tx": tx, "ty": ty])
    }

    /// Reads the matrix `{ a =, b =, c =, d =, tx =, ty = }` (a missing number is the
    /// identity's), or, without `a` to `d`, `{ rotation = radians, scale = n or { x, y }, tx =, ty = }`:
    /// scaled, then rotated, then moved. Every number must be finite.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> AffineTransform {
        guard stack.type(at: index) == .table else { throw stack.typeError("transform", at: index) }
        let table = try LuaTable.read(from: stack, at: index)
        func number(_ key: String, _ fallback: Double) throws(LuaConversionError) -> Double {
            let value = table[key]
            if value.isNil { return fallback }
            guard let number = value.numberValue else {
                throw LuaConversionError(message: "transform expected, field '\(key)' is a \(value.type)")
            }
            do {
                return try Finite.check(number)
            } catch {
                throw LuaConversionError(message: "\(error.message) in field '\(key)'")
            }
        }
        let tx = try number("tx", 0), ty = try number("ty", 0)
        if ["a", "b", "c", "d"].contains(where: { !table[$0].isNil }) {
            return AffineTransform(
                a: try number("a", 1), b: try number("b", 0), c: try number("c", 0), d: try number("d", 1), tx: tx, ty: ty)
        }
        var scale = Size(width: 1, height: 1)
        switch table["scale"] {
        case .nil: break
        case .table:
            scale = try table.get("scale", as: Size.self)
        default:
            let factor = try number("scale", 1)
            scale = Size(width: factor, height: factor)
        }
        let rotation = try number("rotation", 0)
        return AffineTransform(scaleX: scale.width, y: scale.height)
            .concatenating(AffineTransform(rotationAngle: rotation))
            .concatenating(AffineTransform(translationX: tx, y: ty))
    }
}

extension EdgeInsets: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(["top": top, "left": left, "bottom": bottom, "right": right])
    }

    /// Reads `{ top =, left =, bottom =, right = }` or `{ top, left, bottom, right }`.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> EdgeInsets {
        let numbers = try GeometryTable.read(stack, index, expected: "insets", named: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}

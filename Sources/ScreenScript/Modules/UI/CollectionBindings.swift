import LuaBridge
import ScreenKit

/// `ui.CollectionView`, its cells and reusable views, and `ui.CollectionViewController`.
/// Sections and items count from 1, as Lua arrays do; what the data source and delegate
/// are asked and told is in `CollectionCallbacks.swift`.
///
/// ```lua
/// local cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = ui.FlowLayout:new{ itemSize = { 100, 60 } } }
/// cv:register("Card", ui.CollectionViewCell)
/// cv.dataSource = {
///   numberOfItems = function(self, cv, section) return #cards end,
///   cellForItem = function(self, cv, ip) return cv:dequeue("Card", ip) end,
/// }
/// ```
enum CollectionBindings {
    // MARK: - Reusable views and cells

    static func reusableView(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<CollectionReusableView> {
        let cls = LuaClass<CollectionReusableView>("ui.CollectionReusableView", parent: parent, extensible: true)
        cls.scriptConstructor(callbacks: CallbackCheck.cellCallbacks, host: host) { _ in CollectionReusableView() }
        cls.property("reuseIdentifier") { $0.reuseIdentifier }
        cls.property("layoutAttributes") { $0.layoutAttributes }
        // The Swift implementation (nothing to reset), which Lua overrides reach through `super`.
        cls.method("prepareForReuse") { view, _ in view.prepareForReuse() }
        return cls
    }

    static func cell(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<CollectionViewCell> {
        let cls = LuaClass<CollectionViewCell>("ui.CollectionViewCell", parent: parent, extensible: true)
        cls.scriptConstructor(callbacks: CallbackCheck.cellCallbacks, host: host) { _ in CollectionViewCell() }
        cls.property("contentView") { $0.contentView }
        cls.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
        cls.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
        return cls
    }

    // MARK: - ui.CollectionView

    static func collectionView(
        parent: LuaClassDefinition, host: ScriptHost, classes: ReusableClasses, cell: LuaClassDefinition,
        reusable: LuaClassDefinition
    ) -> LuaClass<CollectionView> {
        let cls = LuaClass<CollectionView>("ui.CollectionView", parent: parent, extensible: true)
        cls.scriptConstructor(keys: ["layout"], callbacks: CallbackCheck.viewCallbacks, host: host) { args in
            let layout = try args.field(2, "layout", as: CollectionViewLayout?.self) ?? FlowLayout()
            if let problem = layoutInUse(layout) { throw args.error(2, "\(problem) in field 'layout'") }
            return CollectionView(frame: .zero, layout: layout)
        }
        cls.property("layout", get: { $0.layout }, set: { collection, layout in
            if layout !== collection.layout, let problem = layoutInUse(layout) { throw LuaConversionError(message: problem) }
            collection.layout = layout
        })
        cls.delegateProperty("dataSource", ScriptCollectionDataSource.self, host: host,
                             get: { $0.dataSource }, set: { $0.dataSource = $1 })
        cls.delegateProperty("delegate", ScriptCollectionDelegate.self, host: host,
                             get: { $0.delegate }, set: { $0.delegate = $1 })
        addRegistration(to: cls, classes: classes, cell: cell, reusable: reusable)
        addUpdates(to: cls)
        addQuestions(to: cls)
        return cls
    }

    /// Why `layout` cannot be given to a collection view: it lays out another one.
    private static func layoutInUse(_ layout: CollectionViewLayout) -> String? {
        layout.collectionView == nil ? nil : "the layout lays out another collection view already"
    }

    private static func addRegistration(
        to cls: LuaClass<CollectionView>, classes: ReusableClasses, cell: LuaClassDefinition, reusable: LuaClassDefinition
    ) {
        cls.method("register") { collection, args in
            let identifier = try args.get(2, as: String.self)
            let made = try classes.read(args, at: 3, base: cell)
            collection.register(identifier, make: classes.factory(of: made) { CollectionViewCell() })
        }
        cls.method("registerSupplementary") { collection, args in
            let kind = try args.get(2, as: String.self)
            let identifier = try args.get(3, as: String.self)
            let made = try classes.read(args, at: 4, base: reusable)
            collection.registerSupplementary(kind: kind, identifier: identifier, make: classes.factory(of: made) {
                CollectionReusableView()
            })
        }
        cls.method("dequeue") { collection, args in
            let identifier = try args.get(2, as: String.self)
            let path = try args.get(3, as: IndexPath.self)
            return try classes.dequeue { try collection.dequeueCell(withIdentifier: identifier, for: path) }
        }
        cls.method("dequeueSupplementary") { collection, args in
            let kind = try args.get(2, as: String.self)
            let identifier = try args.get(3, as: String.self)
            let path = try args.get(4, as: IndexPath.self)
            return try classes.dequeue { try collection.dequeueSupplementary(ofKind: kind, withIdentifier: identifier, for: path) }
        }
    }

    private static func addUpdates(to cls: LuaClass<CollectionView>) {
        cls.method("reloadData") { collection, _ in collection.reloadData() }
        cls.method("reloadItems") { collection, args in
            try TableBindings.listChange { try collection.reloadItems(at: try TableBindings.indexPaths(args, 2)) }
        }
        cls.method("insertItems") { collection, args in
            try TableBindings.listChange { try collection.insertItems(at: try TableBindings.indexPaths(args, 2)) }
        }
        cls.method("deleteItems") { collection, args in
            try TableBindings.listChange { try collection.deleteItems(at: try TableBindings.indexPaths(args, 2)) }
        }
        cls.method("moveItem") { collection, args in
            let from = try args.get(2, as: IndexPath.self), to = try args.get(3, as: IndexPath.self)
            try TableBindings.listChange { try collection.moveItem(at: from, to: to) }
        }
        cls.method("insertSections") { collection, args in
            try TableBindings.listChange { try collection.insertSections(try TableBindings.sections(args, 2)) }
        }
        cls.method("deleteSections") { collection, args in
            try TableBindings.listChange { try collection.deleteSections(try TableBindings.sections(args, 2)) }
        }
        cls.method("reloadSections") { collection, args in
            try TableBindings.listChange { try collection.reloadSections(try TableBindings.sections(args, 2)) }
        }
        cls.method("moveSection") { collection, args in
            let from = try args.get(2, as: SectionNumber.self), to = try args.get(3, as: SectionNumber.self)
            try TableBindings.listChange { try collection.moveSection(from.index, toSection: to.index) }
        }
        // The changes `fn` makes are one update, checked when it returns. When `fn` raises,
        // the data may have changed part way: the view asks for all of it again (a reload
        // ends the batch), and the error goes on.
        cls.method("performBatchUpdates") { collection, args in
            let updates = try args.get(2, as: LuaFunction.self)
            var raised: LuaError?
            try TableBindings.listChange {
                try collection.performBatchUpdates {
                    do throws(LuaError) {
                        try updates.call()
                    } catch {
                        raised = error
                        collection.reloadData()
                    }
                }
            }
            if let raised { throw raised }
        }
    }

    private static func addQuestions(to cls: LuaClass<CollectionView>) {
        cls.property("allowsSelection", get: { $0.allowsSelection }, set: { $0.allowsSelection = $1 })
        cls.property("allowsMultipleSelection", get: { $0.allowsMultipleSelection }, set: { $0.allowsMultipleSelection = $1 })
        cls.property("indexPathsForSelectedItems") { $0.indexPathsForSelectedItems }
        cls.method("selectItem") { collection, args in
            let path = try args.get(2, as: IndexPath.self)
            try TableBindings.listChange { try collection.selectItem(at: path) }
        }
        cls.method("deselectItem") { collection, args in collection.deselectItem(at: try args.get(2, as: IndexPath.self)) }
        cls.property("visibleCells") { $0.visibleCells }
        cls.property("indexPathsForVisibleItems") { $0.indexPathsForVisibleItems }
        cls.method("cellAt") { collection, args in collection.cellForItem(at: try args.get(2, as: IndexPath.self)) }
        cls.method("supplementaryAt") { collection, args in
            let kind = try args.get(2, as: String.self)
            return collection.supplementaryView(ofKind: kind, at: try args.get(3, as: IndexPath.self))
        }
        cls.method("indexPathAt") { collection, args in collection.indexPathForItem(at: try args.get(2, as: Point.self)) }
        cls.method("layoutAttributesForItem") { collection, args in
            collection.layoutAttributesForItem(at: try args.get(2, as: IndexPath.self))
        }
        // An index path scrolls to its item; a rect, as any scroll view does.
        cls.method("scrollTo") { collection, args in
            let animated = try args.get(3, default: false)
            guard TableBindings.isIndexPath(args[2]) else { return collection.scrollTo(try args.get(2, as: Rect.self), animated: animated) }
            let path = try args.get(2, as: IndexPath.self)
            try TableBindings.listChange { try collection.scrollToItem(at: path, animated: animated) }
        }
        cls.property("numberOfSections") { $0.numberOfSections }
        cls.method("numberOfItems") { collection, args in
            collection.numberOfItems(inSection: try args.get(2, as: SectionNumber.self).index)
        }
    }

    // MARK: - ui.CollectionViewController

    static func collectionViewController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<CollectionViewController> {
        let cls = LuaClass<CollectionViewController>("ui.CollectionViewController", parent: parent, extensible: true)
        cls.scriptConstructor(keys: ["layout"], callbacks: CallbackCheck.collectionControllerCallbacks, host: host) { args in
            let layout = try args.field(2, "layout", as: CollectionViewLayout?.self) ?? FlowLayout()
            if let problem = layoutInUse(layout) { throw args.error(2, "\(problem) in field 'layout'") }
            return ScriptCollectionViewController(layout: layout)
        }
        cls.property("collectionView") { $0.collectionView }
        cls.property("clearsSelectionOnViewWillAppear", get: { $0.clearsSelectionOnViewWillAppear }, set: {
            $0.clearsSelectionOnViewWillAppear = $1
        })
        return cls
    }
}

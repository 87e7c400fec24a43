import LuaBridge
import ScreenKit

/// Every class of `ui`, made once per host, in one list: ``all``. The classes others build
/// on are typed properties, so a binding names its parent (`control`, not a lookup by
/// string); each entry gives its Lua name once, in its binding (`"ui.Switch"`), and `ui`'s
/// table, the catalog, completion, the stubs' check and the tests' lists of classes follow
/// from this list.
///
/// Adding a class is one entry here (its binding, with its members, in a `*Bindings.swift`
/// file), plus its stub and its tests.
struct UIClasses {
    let view: LuaClass<View>
    let control: LuaClass<Control>
    let gestureRecognizer: LuaClass<GestureRecognizer>
    let controller: LuaClass<ViewController>
    let navigationController: LuaClass<NavigationController>
    let scrollView: LuaClass<ScrollView>
    let tableViewCell: LuaClass<TableViewCell>
    let reusableView: LuaClass<CollectionReusableView>
    let collectionViewCell: LuaClass<CollectionViewCell>
    let layout: LuaClass<CollectionViewLayout>
    /// Every class, in the order they are registered.
    let all: [ScriptClass]

    init(host: ScriptHost) {
        view = ViewBindings.view(host: host)
        control = ControlBindings.control(parent: view, host: host)
        gestureRecognizer = GestureBindings.recognizer(host: host)
        controller = ControllerBindings.controller(host: host)
        navigationController = ControllerBindings.navigationController(parent: controller, host: host)
        scrollView = TableBindings.scrollView(parent: view, host: host)
        tableViewCell = TableBindings.tableViewCell(parent: view, host: host)
        reusableView = CollectionBindings.reusableView(parent: view, host: host)
        collectionViewCell = CollectionBindings.cell(parent: reusableView, host: host)
        let reusable = ReusableClasses(host: host)
        layout = LayoutBindings.layout(host: host, classes: reusable, reusable: reusableView)
        let isCellClass = TableBindings.cellClassCheck(cell: tableViewCell, host: host)

        all = [
            // Objects the host hands out: touches, canvases, what addTarget returns.
            ScriptClass(TouchObject.lua, .objects),
            ScriptClass(ScriptCanvas.lua, .objects),
            ScriptClass(TargetToken.lua, .objects),
            // Views and controls.
            ScriptClass(view),
            ScriptClass(ControlBindings.label(parent: view, host: host), sample: ["text": "label", "userInteractionEnabled": true]),
            ScriptClass(control),
            ScriptClass(ControlBindings.button(parent: control, host: host), sample: ["title": "button"]),
            ScriptClass(ControlBindings.switchControl(parent: control, host: host)),
            ScriptClass(ControlBindings.slider(parent: control, host: host), sample: ["maximumValue": 10]),
            ScriptClass(ControlBindings.segmentedControl(parent: control, host: host), sample: ["segments": ["a", "b"]]),
            ScriptClass(ControlBindings.stepper(parent: control, host: host)),
            ScriptClass(ControlBindings.pageControl(parent: control, host: host), sample: ["numberOfPages": 3]),
            ScriptClass(ControlBindings.textField(parent: control, host: host), sample: ["placeholder": "type"]),
            ScriptClass(LuaClass.view("ui.ProgressView", parent: view, host: host, ProgressView.init) { cls in
                cls.finiteProperty("progress", get: { $0.progress }, set: { $0.progress = $1 })
            }, sample: ["progress": 0.5]),
            ScriptClass(PickerBindings.pickerView(parent: view, host: host)),
            ScriptClass(PickerBindings.datePicker(parent: control, host: host), sample: ["mode": "date"]),
            ScriptClass(PickerBindings.activityIndicator(parent: view, host: host), sample: ["hidesWhenStopped": false]),
            ScriptClass(ImageBindings.image(), .objects),
            ScriptClass(ImageBindings.imageView(parent: view, host: host), sample: ["userInteractionEnabled": true, "accessibilityLabel": "photo"]),
            ScriptClass(StackBindings.stackView(parent: view, host: host), sample: ["axis": "vertical", "spacing": 8]),
            // Gestures.
            ScriptClass(gestureRecognizer),
            ScriptClass(GestureBindings.tap(parent: gestureRecognizer, host: host)),
            ScriptClass(GestureBindings.longPress(parent: gestureRecognizer, host: host)),
            ScriptClass(GestureBindings.swipe(parent: gestureRecognizer, host: host)),
            ScriptClass(GestureBindings.pan(parent: gestureRecognizer, host: host)),
            ScriptClass(GestureBindings.pinch(parent: gestureRecognizer, host: host)),
            ScriptClass(GestureBindings.rotation(parent: gestureRecognizer, host: host)),
            ScriptClass(WindowBindings.window(parent: view, host: host)),
            // Controllers, containers and their bars.
            ScriptClass(controller),
            ScriptClass(navigationController),
            ScriptClass(ControllerBindings.barButtonItem(host: host)),
            ScriptClass(ControllerBindings.navigationItem()),
            ScriptClass(ControllerBindings.tabBarItem()),
            ScriptClass(ControllerBindings.navigationBar(parent: view)),
            ScriptClass(TabSplitBindings.tabBarController(parent: controller, host: host)),
            ScriptClass(TabSplitBindings.splitViewController(parent: controller, host: host)),
            ScriptClass(TabSplitBindings.tabBar(parent: view)),
            ScriptClass(TabSplitBindings.popover()),
            ScriptClass(PageBindings.pageViewController(parent: controller, host: host)),
            ScriptClass(SegueBindings.TemplateBox.lua, .hidden),
            ScriptClass(SegueBindings.segue(host: host)),
            ScriptClass(AlertBindings.alertController(parent: controller, host: host),
                        sample: ["title": "Delete the photo?", "message": "It cannot be undone."]),
            ScriptClass(AlertBindings.alertAction(host: host), sample: ["title": "OK"]),
            // Lists.
            ScriptClass(scrollView),
            ScriptClass(TableBindings.tableView(parent: scrollView, host: host, isCellClass: isCellClass)),
            ScriptClass(tableViewCell),
            ScriptClass(TableBindings.tableViewController(parent: controller, host: host)),
            ScriptClass(TableBindings.searchBar(parent: view, host: host)),
            ScriptClass(reusableView),
            ScriptClass(collectionViewCell),
            ScriptClass(CollectionBindings.collectionView(
                parent: scrollView, host: host, classes: reusable, cell: collectionViewCell, reusable: reusableView)),
            ScriptClass(CollectionBindings.collectionViewController(parent: controller, host: host)),
            ScriptClass(layout),
            ScriptClass(LayoutBindings.flowLayout(parent: layout, host: host)),
            ScriptClass(ScriptAttributes.lua, .objects),
            ScriptClass(ScriptIndexPath.lua, .objects),
        ]
    }
}

import LuaBridge
import ScreenKit

/// `ui.PickerView`, `ui.DatePicker` and `ui.ActivityIndicator`. Rows and components count
/// from 1, as Lua arrays do; dates are `loop.time()` seconds.
///
/// ```lua
/// local picker = ui.PickerView:new{ frame = { 0, 200, 320, 216 } }
/// picker.dataSource = {
///   numberOfComponents = function(self, p) return 1 end,
///   numberOfRows = function(self, p, component) return #sizes end,
/// }
/// picker.delegate = {
///   titleForRow = function(self, p, row, component) return sizes[row] end,
///   didSelectRow = function(self, p, row, component) size = sizes[row] end,
/// }
/// picker:selectRow(2, 1, false)
/// ```
enum PickerBindings {
    // MARK: - ui.PickerView

    static func pickerView(parent view: LuaClassDefinition, host: ScriptHost) -> LuaClass<PickerView> {
        LuaClass<PickerView>.view("ui.PickerView", parent: view, host: host, { PickerView() }) { cls in
            cls.delegateProperty("dataSource", ScriptPickerDataSource.self, host: host, get: { $0.dataSource }, set: {
                $0.dataSource = $1
            })
            cls.delegateProperty("delegate", ScriptPickerDelegate.self, host: host, get: { $0.delegate }, set: { $0.delegate = $1 })
            cls.property("numberOfComponents") { $0.numberOfComponents }
            cls.method("numberOfRows") { picker, args in picker.numberOfRows(inComponent: try component(of: picker, args, 2)) }
            // nil for a component without rows, as UIKit's -1.
            cls.method("selectedRow") { picker, args -> Int? in
                let row = picker.selectedRow(inComponent: try component(of: picker, args, 2))
                return row >= 0 ? row + 1 : nil
            }
            cls.method("selectRow") { picker, args in
                let component = try component(of: picker, args, 3)
                let row = try args.index(2, among: picker.numberOfRows(inComponent: component))
                picker.selectRow(row, inComponent: component, animated: try args.get(4, default: false))
            }
            cls.method("reloadAllComponents") { picker, _ in picker.reloadAllComponents() }
            cls.method("reloadComponent") { picker, args in picker.reloadComponent(try component(of: picker, args, 2)) }
        }
    }

    /// The component (from 1; the first when absent) at argument `index`, zero-based.
    /// - Throws: `bad argument #n to 'f' (index 3 out of range 1...2)`.
    private static func component(of picker: PickerView, _ args: LuaArguments, _ index: Int32) throws -> Int {
        let count = picker.numberOfComponents
        guard !args.isNil(index) else {
            guard count > 0 else { throw args.error(index, LuaConversionError.outOfRange(1, count: 0).message) }
            return 0
        }
        return try args.index(index, among: count)
    }

    // MARK: - ui.DatePicker

    static func datePicker(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<DatePicker> {
        LuaClass<DatePicker>.view("ui.DatePicker", parent: control, host: host, { [weak host] in
            DatePicker(date: host?.loop.wallTime ?? 0)
        }) { cls in
            // The mode, the interval and the bounds first: the date is rounded and kept within them.
            cls.appliedFirst = ["mode", "minuteInterval", "minimumDate", "maximumDate"]
            cls.property("mode", get: { $0.mode }, set: { $0.mode = $1 })
            cls.finiteProperty("date", get: { $0.date }, set: { $0.date = $1 })
            cls.property("minimumDate", get: { $0.minimumDate.map(Finite.init) }, set: { $0.minimumDate = $1?.value })
            cls.property("maximumDate", get: { $0.maximumDate.map(Finite.init) }, set: { $0.maximumDate = $1?.value })
            cls.property("minuteInterval", get: { $0.minuteInterval }, set: { picker, interval in
                guard DatePicker.minuteIntervals.contains(interval) else {
                    throw LuaConversionError(message: "a divisor of 60 from 1 to 30 expected, got \(interval)")
                }
                picker.minuteInterval = interval
            })
            cls.finiteProperty("countDownDuration", get: { $0.countDownDuration }, set: { $0.countDownDuration = $1 })
        }
    }

    // MARK: - ui.ActivityIndicator

    static func activityIndicator(parent view: LuaClassDefinition, host: ScriptHost) -> LuaClass<ActivityIndicator> {
        LuaClass<ActivityIndicator>.view("ui.ActivityIndicator", parent: view, host: host, { ActivityIndicator() }) { cls in
            // The style first: it sizes an indicator made without a frame.
            cls.appliedFirst = ["style"]
            cls.property("style", get: { $0.style }, set: { $0.style = $1 })
            cls.property("color", get: { $0.color }, set: { $0.color = $1 })
            cls.property("hidesWhenStopped", get: { $0.hidesWhenStopped }, set: { $0.hidesWhenStopped = $1 })
            cls.property("animating", get: { $0.isAnimating }, set: { indicator, on in
                if on { indicator.startAnimating() } else { indicator.stopAnimating() }
            })
            cls.method("startAnimating") { indicator, _ in indicator.startAnimating() }
            cls.method("stopAnimating") { indicator, _ in indicator.stopAnimating() }
        }
    }
}

extension DatePicker.Mode: LuaEnumeration {}
extension ActivityIndicator.Style: LuaEnumeration {}

// MARK: - Data source and delegate

/// A Lua picker data source: `numberOfComponents(p)` and `numberOfRows(p, component)`,
/// components counted from 1. A count that is not a whole number from 0 to the picker's
/// limit is reported as a bad result and taken as the nearest that is.
final class ScriptPickerDataSource: LuaDelegate, PickerViewDataSource {
    override class var role: String { "picker data source" }
    override class var callbacks: [String] { ["numberOfComponents", "numberOfRows"] }

    func numberOfComponents(in pickerView: PickerView) -> Int {
        count(of: "numberOfComponents", limit: PickerView.maximumComponents, pickerView)
    }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        count(of: "numberOfRows", limit: PickerView.maximumRows, pickerView, component + 1)
    }

    private func count<each Argument: LuaPushable>(of name: String, limit: Int, _ arguments: repeat each Argument) -> Int {
        guard let count = ScriptCallbackTarget.delegate(self).answer(Int.self, of: name, repeat each arguments) else { return 0 }
        guard count >= 0, count <= limit else {
            reportResult(of: name, "count from 0 to \(limit) expected, got \(count)")
            return min(max(count, 0), limit)
        }
        return count
    }
}

/// A Lua picker delegate: `titleForRow(p, row, component)` (a string, or a number; nil
/// shows "?") and `didSelectRow(p, row, component)`, rows and components counted from 1.
final class ScriptPickerDelegate: LuaDelegate, PickerViewDelegate {
    override class var role: String { "picker delegate" }
    override class var callbacks: [String] { ["titleForRow", "didSelectRow"] }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        ScriptCallbackTarget.delegate(self).answer(String.self, of: "titleForRow", pickerView, row + 1, component + 1)
    }

    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        call("didSelectRow", pickerView, row + 1, component + 1)
    }
}

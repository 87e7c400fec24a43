import LuaBridge
import ScreenKit
import ScreenScript
import Testing
@testable import ScreenHost

@MainActor
@Suite("ReplPrinter")
struct ReplPrinterTests {
    let host: ScriptHost
    let printer: ReplPrinter

    init() throws {
        host = try ScriptHost()
        printer = try ReplPrinter(lua: host.lua)
    }

    func show(_ code: String, name: String = "_") throws -> String {
        try printer.describe(host.lua.run("return " + code, name: "=test"), name: name)
    }

    @Test("scalars: numbers as Lua prints them, strings quoted, several values tab-separated")
    func scalars() throws {
        #expect(try show("1, 2.5, 1e100, 'a\\nb', true, nil") == "1\t2.5\t1e+100\t\"a\\nb\"\ttrue\tnil")
    }

    @Test("a table: the sequence first, then the other keys sorted, numbers before strings")
    func sorted() throws {
        #expect(try show("{10, 20, z = 1, a = 2, [5] = 'five', ['two words'] = 0}")
            == "{10, 20, [5] = \"five\", a = 2, [\"two words\"] = 0, z = 1}")
    }

    @Test("a cycle is marked with the path of the table it returns to")
    func cycle() throws {
        #expect(try show("(function() local t = {inner = {}} t.inner.up = t t.me = t return t end)()", name: "t")
            == "{inner = {up = <cycle: t>}, me = <cycle: t>}")
        #expect(try show("(function() local t = {inner = {}} t.inner.again = t.inner return t end)()", name: "t")
            == "{inner = {again = <cycle: t.inner>}}")
    }

    @Test("a table shared without a cycle is printed each time")
    func shared() throws {
        #expect(try show("(function() local s = {1} return {s, s} end)()") == "{{1}, {1}}")
    }

    @Test("deep tables stop at the depth limit")
    func depth() throws {
        #expect(try show("{{{{{{1}}}}}}") == "{{{{{...}}}}}")
    }

    @Test("wide tables print the first entries and count the rest")
    func width() throws {
        let text = try show("(function() local t = {} for i = 1, 100 do t[i] = i end return t end)()")
        #expect(text.hasSuffix("30,\n  ... (70 more)\n}"))
        #expect(text.hasPrefix("{\n  1,\n  2,\n"))
    }

    @Test("a long table breaks onto lines, indented")
    func lines() throws {
        let text = try show("{alpha = string.rep('a', 40), beta = string.rep('b', 40)}")
        #expect(text == "{\n  alpha = \"\(String(repeating: "a", count: 40))\",\n  beta = \"\(String(repeating: "b", count: 40))\"\n}")
    }

    @Test("Swift views print their accessibility value, else their label")
    func viewValues() throws {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 100, height: 16))
        slider.value = 0.5
        #expect(ReplPrinter.describe(object: slider) == "ui.Slider \"50%\" {0,0,100,16}")
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 16))
        field.text = "Ada"
        #expect(ReplPrinter.describe(object: field) == "ui.TextField \"Ada\" {0,0,100,16}")
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 16))
        label.text = "X"
        label.accessibilityLabel = "Close"
        #expect(ReplPrinter.describe(object: label) == "ui.Label \"Close\" {0,0,100,16}")
    }

    @Test("pickers print their selected titles, a date picker its value, a spinner whether it turns")
    func pickerValues() throws {
        final class Sizes: PickerViewDataSource, PickerViewDelegate {
            func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
            func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 3 }
            func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
                ["Small", "Medium", "Large"][row]
            }
        }
        let sizes = Sizes()
        let picker = PickerView()
        picker.dataSource = sizes
        picker.delegate = sizes
        picker.selectRow(1, inComponent: 0, animated: false)
        #expect(ReplPrinter.describe(object: picker) == "ui.PickerView \"Medium\" {0,0,320,216}")
        let timer = DatePicker()
        timer.mode = .countDownTimer
        timer.countDownDuration = 5400
        #expect(ReplPrinter.describe(object: timer) == "ui.DatePicker \"1 h 30 min\" {0,0,320,216}")
        #expect(ReplPrinter.describe(object: ActivityIndicator()) == "ui.ActivityIndicator \"stopped\" {0,0,20,20}")
    }

    @Test("a table with __tostring prints as its tostring")
    func tostringMetamethod() throws {
        #expect(try show("setmetatable({}, {__tostring = function() return 'Point(1, 2)' end})") == "Point(1, 2)")
    }

    @Test("Swift views print as class, title or text, and frame")
    func views() throws {
        let button = Button(frame: Rect(x: 20, y: 130, width: 120, height: 32))
        button.setTitle("Save", for: .normal)
        #expect(ReplPrinter.describe(object: button) == "ui.Button \"Save\" {20,130,120,32}")
        let label = Label(frame: Rect(x: 0, y: 0.5, width: 10, height: 16))
        label.text = "say \"hi\""
        #expect(ReplPrinter.describe(object: label) == "ui.Label \"say \\\"hi\\\"\" {0,0.5,10,16}")
        #expect(try show("ui.Button:new{ frame = {1, 2, 3, 4} }") == "ui.Button \"\" {1,2,3,4}"
            || show("ui.Button:new{ frame = {1, 2, 3, 4} }") == "ui.Button {1,2,3,4}")
    }

    @Test("a stack and the views it arranges print as any view, at the frames it gave them")
    func stackedViews() throws {
        let code = """
            (function()
              local label = ui.Label:new{ text = 'Hi' }
              local stack = ui.StackView:new{ frame = { 0, 0, 100, 16 }, arrangedSubviews = { label, ui.Switch:new{} } }
              stack:layoutIfNeeded()
              return stack, label
            end)()
            """
        #expect(try show(code) == "ui.StackView {0,0,100,16}\tui.Label \"Hi\" {0,0,60,16}")
    }

    @Test("controllers print as class and title; a script's class by its name")
    func controllers() throws {
        #expect(try show("(function() local c = ui.Controller:new() c.title = 'Notes' return c end)()") == "ui.Controller \"Notes\"")
        #expect(try show("(function() local C = ui.Controller:extend('Diary') return C:new() end)()") == "Diary")
    }

    @Test("a store object prints as its Lua class and its entity and key; a view of a script's class by its name")
    func otherObjects() throws {
        try host.lua.run("""
            local model = store.model{ Note = { text = "string" } }
            local s = store.open(":memory:", model)
            note = s.context:insert("Note", { text = "hi" })
            s.context:save()
            """, name: "=test")
        #expect(try show("note") == "store.Object Note #1")
        #expect(try show("ui.View:extend('Box'):new{ frame = {1, 2, 3, 4} }") == "Box {1,2,3,4}")
        #expect(try show("loop.after(1, function() end)").hasPrefix("loop.Timer: 0x"))
    }

    @Test("long output is cut with a note")
    func long() throws {
        let text = try show("string.rep('x', 20000)")
        #expect(text.hasSuffix("… (\(20002 - ReplPrinter.maxLength) more characters)"))
    }

    @Test(":views stops 100 levels deep and counts what is below, as below a depth asked for")
    func deepViews() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var last = root
        for _ in 0..<150 {
            let child = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
            try last.addSubview(child)
            last = child
        }
        let lines = ReplSession.views(root, depth: Int.max)
        #expect(lines.count == 101)
        #expect(lines.last?.hasSuffix("(1 subviews)") == true)
        #expect(ReplSession.views(root, depth: 2).last?.hasSuffix("(1 subviews)") == true)
    }
}

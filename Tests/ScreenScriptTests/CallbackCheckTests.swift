import Testing
import LuaBridge
@testable import ScreenScript

/// A function that is a slip of a callback's name is warned about once, on the host's
/// warning channel, with the callback meant and where the function is; the rest is not.
@MainActor
struct CallbackCheckTests {
    /// Runs `script` (named `main.lua`) in a fresh host and returns the warnings it caused.
    func warnings(of script: String) throws -> [String] {
        let host = try ScriptHost()
        var warnings: [String] = []
        host.warningHandler = { warnings.append($0) }
        try host.lua.run(script, name: "@main.lua")
        return warnings
    }

    @Test func aMisspeltCallbackOfAClassIsWarnedAboutOnceWithThePlace() throws {
        let warnings = try warnings(of: """
            local Diary = ui.Controller:extend("Diary")
            function Diary:viewDidLod() end
            function Diary:viewwillappear() end
            Diary:new{}
            Diary:new{}
            """)
        #expect(warnings.count == 2)
        #expect(Set(warnings) == [
            "main.lua:2: Diary defines 'viewDidLod', which is never called; did you mean 'viewDidLoad'?",
            "main.lua:3: Diary defines 'viewwillappear', which is never called; did you mean 'viewWillAppear'?",
        ])
    }

    @Test func viewsControlsAndSubclassesOfSubclassesAreChecked() throws {
        let warnings = try warnings(of: """
            local Card = ui.View:extend("Card")
            function Card:touchesBegn(touches) end
            local Knob = ui.Control:extend("Knob")
            function Knob:beginTraking(touch) return true end
            local BigKnob = Knob:extend("BigKnob")
            function BigKnob:drwa(canvas) end
            Card:new{}
            BigKnob:new{}
            """)
        #expect(Set(warnings) == [
            "main.lua:2: Card defines 'touchesBegn', which is never called; did you mean 'touchesBegan'?",
            "main.lua:4: BigKnob defines 'beginTraking', which is never called; did you mean 'beginTracking'?",
            "main.lua:6: BigKnob defines 'drwa', which is never called; did you mean 'draw'?",
        ])
    }

    @Test func theResponderMethodsOfControllersAndTheMethodsOfRecognizersAreCallbacks() throws {
        let warnings = try warnings(of: """
            local Screen = ui.Controller:extend("Screen")
            function Screen:touchesBegan(touches) end
            function Screen:touchesEndd(touches) end
            local Scratch = ui.GestureRecognizer:extend("Scratch")
            function Scratch:touchesMoved(touches) end
            function Scratch:reset() end
            function Scratch:touchesCancelld(touches) end
            function Scratch:rest() end
            local Knob = ui.Control:extend("Knob")
            function Knob:touchesBegan(touches) end
            function Knob:touchesMovd(touches) end
            Screen:new{}
            Scratch:new{}
            Knob:new{}
            """)
        #expect(Set(warnings) == [
            "main.lua:3: Screen defines 'touchesEndd', which is never called; did you mean 'touchesEnded'?",
            "main.lua:7: Scratch defines 'touchesCancelld', which is never called; did you mean 'touchesCancelled'?",
            "main.lua:8: Scratch defines 'rest', which is never called; did you mean 'reset'?",
            "main.lua:11: Knob defines 'touchesMovd', which is never called; did you mean 'touchesMoved'?",
        ])
    }

    @Test func methodsOfTheirOwnAreNotSlips() throws {
        let warnings = try warnings(of: """
            local Diary = ui.Controller:extend("Diary")
            function Diary:viewDidLoad() end
            function Diary:reloadView() end
            function Diary:save() end
            function Diary:willShow(nav, vc) end
            local Clock = ui.View:extend("Clock")
            function Clock:redraw() end
            function Clock:layoutSubviewsNow() end
            function Clock:draw(canvas) end
            Diary:new{}
            Clock:new{}
            ui.View:new{}
            """)
        #expect(warnings == [])
    }

    @Test func swiftAndObjectiveCNamesOfTableAndResultsCallbacksAreWarnedAboutNamingTheLuaCall() throws {
        let warnings = try warnings(of: """
            local List = ui.TableViewController:extend("List")
            function List:numberOfRowsInSection(tv, section) return 0 end
            function List:cellForRowAt(tv, ip) end
            function List:didSelectRowAt(tv, ip) end
            function List:tableView_titleForHeaderInSection_(tv, section) end
            function List:controllerDidChangeContent(frc) end
            function List:didChangeObjectAt(frc) end
            local list = List:new{}
            List:new{}
            local table = ui.TableView:new{}
            table.dataSource = { tableView_cellForRowAtIndexPath = function() end, numberOfRows = function() return 0 end }
            local frc = store.open(":memory:", store.model{ E = { n = "integer" } }).context:fetchedResults{ entity = "E", sort = { "n" } }
            frc.delegate = list
            """)
        #expect(Set(warnings) == [
            "main.lua:2: List defines 'numberOfRowsInSection', UIKit's name, which is never called here; define 'numberOfRows(tv, section)'",
            "main.lua:3: List defines 'cellForRowAt', UIKit's name, which is never called here; define 'cellForRow(tv, ip)'",
            "main.lua:4: List defines 'didSelectRowAt', UIKit's name, which is never called here; define 'didSelectRow(tv, ip)'",
            "main.lua:5: List defines 'tableView_titleForHeaderInSection_', UIKit's name, which is never called here; define 'titleForHeader(tv, section)'",
            "main.lua:11: the table data source defines 'tableView_cellForRowAtIndexPath', UIKit's name, which is never called here; define 'cellForRow(tv, ip)'",
            "main.lua:6: List (the fetched results delegate) defines 'controllerDidChangeContent', UIKit's name, which is never called here; define 'didChangeContent(frc)'",
            "main.lua:7: List (the fetched results delegate) defines 'didChangeObjectAt', UIKit's name, which is never called here; define 'didChangeObject(frc, obj, ip, change, newIp)'",
        ])
        #expect(warnings.count == 7, "once each")
    }

    @Test func everyHabitNamesACallbackTheHostCalls() throws {
        let host = try ScriptHost()
        let delegates: [LuaDelegate.Type] = [
            ScriptScrollDelegate.self, ScriptCollectionDataSource.self, ScriptCollectionDelegate.self, ScriptTabBarDelegate.self,
            ScriptSplitDelegate.self, ScriptPageDataSource.self, ScriptPageDelegate.self, ScriptNavigationDelegate.self,
            ScriptTableDataSource.self, ScriptTableDelegate.self, ScriptSearchBarDelegate.self, ScriptPickerDataSource.self,
            ScriptPickerDelegate.self, FetchedResultsBindings.ScriptDelegate.self,
        ]
        let callbacks = Set(
            delegates.flatMap { $0.callbacks } + CallbackCheck.tableControllerCallbacks + CallbackCheck.collectionControllerCallbacks
                + CallbackCheck.controlCallbacks + CallbackCheck.cellCallbacks + CallbackCheck.layoutCallbacks
                + CallbackCheck.gestureCallbacks)
        let habits = host.callbackCheck.knownHabits
        #expect(habits.count > 100)
        for (habit, call) in habits.sorted(by: { $0.key < $1.key }) {
            let name = String(call.prefix { $0 != "(" })
            #expect(callbacks.contains(name), "\(habit) → \(call): no callback \(name)")
            #expect(habit != name, "\(habit) is its own callback")
        }
    }

    @Test func aDelegateTableOrObjectIsCheckedWhenSet() throws {
        let warnings = try warnings(of: """
            local nav = ui.NavigationController:new(ui.Controller:new{})
            nav.delegate = {
              willShw = function() end,
              didShow = function() end,
            }
            local Book = ui.Controller:extend("Book")
            function Book:pageAftr(pvc, vc) end
            local pvc = ui.PageViewController:new()
            pvc.dataSource = Book:new{}
            pvc.dataSource = Book:new{}
            """)
        #expect(warnings == [
            "main.lua:3: the navigation delegate defines 'willShw', which is never called; did you mean 'willShow'?",
            "main.lua:7: Book (the page data source) defines 'pageAftr', which is never called; did you mean 'pageAfter'?",
        ])
    }

    @Test func tableDataSourcesDelegatesControllersAndCellsAreChecked() throws {
        let warnings = try warnings(of: """
            local table = ui.TableView:new{}
            table.dataSource = { numberOfRow = function() return 1 end, cellForRow = function() end }
            table.delegate = { didSelectedRow = function() end }
            local Entries = ui.TableViewController:extend("Entries")
            function Entries:numberOfRows(tv, section) return 0 end
            function Entries:cellForRows(tv, ip) end
            function Entries:viewDidLoad() end
            local Cell = ui.TableViewCell:extend("Cell")
            function Cell:prepareForReus() end
            local bar = ui.SearchBar:new{}
            bar.delegate = { textDidChanged = function() end }
            Entries:new{}
            Cell:new{}
            """)
        #expect(Set(warnings) == [
            "main.lua:2: the table data source defines 'numberOfRow', which is never called; did you mean 'numberOfRows'?",
            "main.lua:3: the table delegate defines 'didSelectedRow', which is never called; did you mean 'didSelectRow'?",
            "main.lua:6: Entries defines 'cellForRows', which is never called; did you mean 'cellForRow'?",
            "main.lua:9: Cell defines 'prepareForReus', which is never called; did you mean 'prepareForReuse'?",
            "main.lua:11: the search bar delegate defines 'textDidChanged', which is never called; did you mean 'textDidChange'?",
        ])
    }

    @Test func collectionDataSourcesDelegatesControllersCellsAndLayoutsAreChecked() throws {
        let warnings = try warnings(of: """
            local grid = ui.CollectionView:new{}
            grid.dataSource = { numberOfItem = function() return 1 end, cellForItem = function() end }
            grid.delegate = { sizeForItems = function() end, didSelectItem = function() end }
            local Videos = ui.CollectionViewController:extend("Videos")
            function Videos:cellForItems(cv, ip) end
            function Videos:didDeselectItem(cv, ip) end
            local Card = ui.CollectionViewCell:extend("Card")
            function Card:prepareForReus() end
            local Stack = ui.Layout:extend("Stack")
            function Stack:atributesInRect(rect) end
            function Stack:attributesForItem(ip) end
            Videos:new{}
            Card:new{}
            Stack:new{}
            """)
        #expect(Set(warnings) == [
            "main.lua:2: the collection data source defines 'numberOfItem', which is never called; did you mean 'numberOfItems'?",
            "main.lua:3: the collection delegate defines 'sizeForItems', which is never called; did you mean 'sizeForItem'?",
            "main.lua:5: Videos defines 'cellForItems', which is never called; did you mean 'cellForItem'?",
            "main.lua:8: Card defines 'prepareForReus', which is never called; did you mean 'prepareForReuse'?",
            "main.lua:10: Stack defines 'atributesInRect', which is never called; did you mean 'attributesInRect'?",
        ])
    }

    @Test func theSlipRuleLeavesLongerNamesAlone() {
        let callbacks = CallbackCheck.controllerCallbacks
        #expect(CallbackCheck.misspelt("viewDidLod", among: callbacks) == "viewDidLoad")
        #expect(CallbackCheck.misspelt("ViewDidLoad", among: callbacks) == "viewDidLoad")
        #expect(CallbackCheck.misspelt("loadview", among: callbacks) == "loadView")
        #expect(CallbackCheck.misspelt("reloadView", among: callbacks) == nil)
        #expect(CallbackCheck.misspelt("myViewDidLoad", among: callbacks) == nil)
        #expect(CallbackCheck.misspelt("numberOfRow", among: ["numberOfRows", "cellForRow"]) == "numberOfRows")
    }
}

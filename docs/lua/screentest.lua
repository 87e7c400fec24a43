--- @meta
--- The test API that `screens test` gives every test file: busted's, with luassert's
--- `assert`, `spy`, `stub`, `mock` and `match` themselves (docs/testing.md).
--- These stubs are for editors (lua-language-server); the implementation is
--- Sources/ScreenTest/Lua.

--- Declares a block of tests. Blocks nest; as in busted, the body runs when the run
--- reaches the block (after the tests declared before it), then the block's tests.
--- @param name string
--- @param body fun()
function describe(name, body) end

--- A `describe` whose globals and `package.loaded` are put back after it.
--- @param name string
--- @param body fun()
function insulate(name, body) end

--- A `describe` whose body's globals stay for the blocks after it.
--- @param name string
--- @param body fun()
function expose(name, body) end

--- In a describe body: run the block's tests and blocks shuffled (with `seed`, or the
--- run's), or, with `false`, in order even under `--shuffle`.
--- @param seed? integer|boolean
function randomize(seed) end

--- Same as `describe`.
--- @param name string
--- @param body fun()
function context(name, body) end

--- Declares a test (also `spec`, and calling `test`). Without a body, as in busted, it
--- returns a function that takes the body: `it "adds" (function() ... end)`.
--- @param name string
--- @param body? fun()
function it(name, body) end

--- Same as `it`.
--- @param name string
--- @param body? fun()
function spec(name, body) end

--- Declares a skipped test, or, inside a running test, stops it as skipped.
--- @param reason string
function pending(reason) end

--- Runs before every test of the enclosing block (outer blocks first).
--- @param body fun()
function before_each(body) end

--- Runs after every test of the enclosing block (inner blocks first), even when it failed.
--- @param body fun()
function after_each(body) end

--- Runs once before the block's tests (also `strict_setup`). An error is one failure and
--- skips the block's tests.
--- @param body fun()
function setup(body) end

--- Runs once after the block's tests (also `strict_teardown`), even after a failed setup.
--- @param body fun()
function teardown(body) end

--- Runs once before the first test that runs in the block, if one does.
--- @param body fun()
function lazy_setup(body) end

--- Runs once after the block's tests, when its lazy_setup ran.
--- @param body fun()
function lazy_teardown(body) end

--- Inside a test: runs `body` after the test, whatever happens. As in busted, only the
--- last one given runs.
--- @param body fun()
function finally(body) end

--- luassert-compatible assertions. Words chain with `.` or `_` and are case-insensitive:
--- `assert.are.equal(expected, actual)`, `assert.is_not.Nil(v)`, `assert.has_no.errors(fn)`.
--- Every assertion takes an optional failure message as its last argument.
--- @class luassert
--- @field equal fun(expected: any, actual: any, message?: string)
--- @field equals fun(expected: any, actual: any, message?: string)
--- @field same fun(expected: any, actual: any, message?: string) deep comparison
--- @field truthy fun(value: any, message?: string)
--- @field falsy fun(value: any, message?: string)
--- @field is_true fun(value: any, message?: string)
--- @field is_false fun(value: any, message?: string)
--- @field is_nil fun(value: any, message?: string)
--- @field has_error fun(fn: fun(), expected?: any, message?: string) a string is compared without its "file:line: " prefix
--- @field matches fun(pattern: string, value: string, message?: string)
--- @field near fun(expected: number, actual: number, tolerance: number, message?: string)
--- @field spy fun(s: spy): table `assert.spy(s).was.called(n)`, `.called_with(...)`
--- @field snapshot fun(screen: string, name: string) compares with `__snapshots__/name.txt` (`.svg` for SVG) beside the test file: a missing one is written (fails under `CI`), one that differs fails with a diff; `screens test --update-snapshots` accepts it
--- @field is luassert
--- @field are luassert
--- @field is_not luassert
--- @field are_not luassert
--- @field has_no luassert
--- @field was luassert
--- @field was_not luassert
assert = {}

--- A callable that records its calls.
--- @class spy
--- @field calls { vals: any[], refs: any[] }[] the arguments of each call
--- @field returnvals { vals: any[], refs: any[] }[] what each call returned
--- @field revert fun(self: spy) restores what `spy.on` replaced
--- @field clear fun(self: spy) forgets the calls

--- @class spylib
--- @field new fun(fn?: function): spy
--- @field on fun(target: table, name: string): spy replaces `target[name]` with a spy calling it
spy = {}

--- Replaces `target[name]` with a spy that does not call the original and returns `...`.
--- @param target table
--- @param name string
--- @return spy
function stub(target, name, ...) end

--- What test files add: control over the file's virtual clock, and the errors scripts
--- raised in callbacks. Called, `test(name, body)` declares a test, as busted's `test` does.
--- @class test
test = {}

--- Runs everything that falls due within `seconds` of virtual time, in order.
--- @param seconds number
function test.advance(seconds) end

--- Moves the clock without running anything, as if the loop had been busy.
--- @param seconds number
function test.stall(seconds) end

--- The virtual time, as `loop.now()` gives it.
--- @return number
function test.now() end

--- Takes the errors callbacks raised so far: `{ context =, message =, traceback = }`.
--- An error a test leaves untaken fails that test.
--- @return { context: string, message: string, traceback: string? }[]
function test.errors() end

--- One class of the host's registry, as `test.classes()` gives it.
--- @class test.ClassRecord
--- @field name string the dotted name (`ui.Switch`)
--- @field module string `ui`, `loop`, `notify`, `store` or `test`
--- @field key string its key in the module's table (`Switch`)
--- @field kind "control"|"view"|"controller"|"gesture"|"layout"|"object" what its objects are
--- @field parent string? the class it extends
--- @field visibility "module"|"objects" in the module's table, or only through objects the host hands out
--- @field constructible boolean whether scripts make objects with `new`
--- @field extensible boolean whether scripts extend it with `extend`
--- @field properties string[] its own properties, sorted
--- @field methods string[] its own methods, sorted
--- @field functions string[] its class functions (`new`, `extend`, ...), sorted
--- @field options table<string, string[]> each option property (inherited ones too) with the strings it takes
--- @field sample table fields that make one that shows and takes touches (`{ numberOfPages = 3 }`)

--- Every class scripts see, from the host's registry, sorted by name: generic suites go
--- through it, so that a class registered there is covered without a list to keep.
--- ```lua
--- for _, class in ipairs(test.classes()) do
---   if class.kind == "control" and class.extensible then local C = ui[class.key]:extend("My" .. class.key) end
--- end
--- ```
--- @return test.ClassRecord[]
function test.classes() end

--- Launches an app headless in this test file's state, on its virtual clock, and returns
--- its pilot. `app` is a folder with `main.lua` or a Lua file: from the test file's folder
--- (`test.launch("..")` from `APP/tests/x_spec.lua`), else from the current folder; with no
--- path (`test.launch()`, `test.launch{ device = "ipad" }`), the app the test file belongs
--- to: the nearest folder above it with a `main.lua`. Each launch loads the modules of
--- the app's folder afresh, gives the app a new temporary data directory (or `dataDir`,
--- made when missing and kept afterwards), runs its
--- `didFinishLaunching` in a new window of the device, makes the window key and settles. A
--- launch ends the one before it, and a launch in a test ends with the test (its data
--- directory removed, its timers and animations cancelled, the wall clock set back); the
--- input actions of an ended launch's pilot fail.
--- An error in the main chunk or `didFinishLaunching` fails with the app's traceback.
--- Until the launch ends the app sees the time zone `timeZone` names (UTC by default) in
--- `os.date`, `os.time` and its date pickers, so its days and hours are the same on every
--- machine.
--- @param app? string
--- @param options? { device: ("iphone"|"ipad")?, orientation: ("portrait"|"landscape")?, time: (number|string)?, replay: string?, dataDir: string?, timeZone: string? } `time`: seconds since 1970 or "YYYY-MM-DD[THH:MM[:SS]][Z]" (UTC) for the wall clock; `timeZone`: a name of the system's zone database ("Europe/Paris")
--- @return test.Pilot
function test.launch(app, options) end

--- Calls `condition` now and after every frame (1/60 s of virtual time) until its first
--- result is truthy, and returns that; after `timeout` seconds (10 by default) it fails
--- with everything the condition returned last.
--- @param condition fun(): any
--- @param options? { timeout: number? }
--- @return any
function test.waitFor(condition, options) end

--- A launched app, driven by what its screen shows. A target is the text of something on
--- screen (a button's or bar button's or tab's title, a label's text, a text field's text or
--- placeholder, a cell's text, a navigation title, a segment), an `accessibilityLabel`, text
--- a view draws itself (as a whole word), or a point `{x=, y=}` in the window. A tap goes
--- where the text is drawn. A missing target is an error listing what is on screen, an
--- ambiguous one lists the candidates and where they are. Every action settles afterwards.
--- @class test.Pilot
--- @field window ui.Window
--- @field app table the app table the main chunk returned
test.Pilot = {}
--- A finger down for 0.05 s; a tap within 0.4 s of the last one at the same place first
--- waits, so that two taps are never a double tap.
--- @param target string|ui.Point
function test.Pilot:tap(target) end
--- @param target string|ui.Point
function test.Pilot:doubleTap(target) end
--- @param target string|ui.Point
--- @param seconds? number how long the finger stays down, 1 by default
function test.Pilot:longPress(target, seconds) end
--- 120 points in 4 frames, from the target or the middle of the window.
--- @param direction "left"|"right"|"up"|"down"
--- @param target? string|ui.Point
function test.Pilot:swipe(direction, target) end
--- Down at `from`, moves of at most 10 points a frame, up at `to`.
--- @param from string|ui.Point
--- @param to string|ui.Point
function test.Pilot:drag(from, to) end
--- Scrolls the list or scroll view under the target as the mouse wheel does.
--- @param target string|ui.Point
--- @param dy number points; positive shows what is further down
function test.Pilot:scroll(target, dy) end
--- Types into the text field being edited (an error when none is).
--- @param text string
function test.Pilot:type(text) end
--- Presses a key and settles, as `ui.Window:key` does: `"tab"`/`"shift-tab"` move the focus,
--- `"return"`/`"enter"` ends editing or taps the focused view, `"space"` types a space or taps
--- the focused view, the arrows and `"pageup"`/`"pagedown"` move within the focus,
--- `"backspace"`/`"delete"` deletes, `"escape"` ends editing or goes back (pops the stack
--- shown on top, or dismisses the controller presented on top); one character types it.
--- @param name string
function test.Pilot:key(name) end
--- @param orientation "portrait"|"landscape"
function test.Pilot:rotate(orientation) end
--- Runs the virtual clock, as `test.advance` does.
--- @param seconds number
function test.Pilot:advance(seconds) end
--- Runs virtual time until no transition, animation, deferred call or one-shot timer is
--- left (repeating timers do not count); after `timeout` seconds (10 by default) it fails
--- naming what is still busy and the script line that started it.
--- @param options? { timeout: number? }
function test.Pilot:settle(options) end
function test.Pilot:memoryWarning() end
--- The texts on screen, one a line, in reading order: a text shown twice (two "Edit"
--- buttons, a row's title that is also the next screen's title) is listed twice.
--- @return string
function test.Pilot:text() end
--- The screen as the text renderer draws it.
--- @return string
function test.Pilot:screen() end
--- @return string
function test.Pilot:svg() end
--- The view showing `text` (or with it as accessibility label), nil when none is on screen.
--- @param text string
--- @return ui.View?
function test.Pilot:find(text) end
--- The controller on top: the presented one, else the top of a navigation stack, the
--- selected tab's, down through the containers.
--- @return ui.Controller?
function test.Pilot:controller() end
--- Takes the errors scripts raised since the launch, as `test.errors()` takes them.
--- @return { context: string, message: string, traceback: string? }[]
function test.Pilot:errors() end
--- Quits the app and launches it again on the same data directory, in the device and
--- orientation the window has: a new app state, as when a person opens the app again
--- ("seed on the first launch only" is launch, relaunch). This pilot ends.
--- @return test.Pilot the new launch's pilot
function test.Pilot:relaunch() end
--- Loads the app's files again as `screens run --watch` does and brings the screen back:
--- the navigation stacks, selected tabs and presented controllers whose classes the new
--- code has, each with what it kept in `encodeRestorableState`. The pilot goes on with the
--- new window (`window`, `app`).
--- @return string[] what could not be brought back ("dropped Editor (...)"), empty when all was
function test.Pilot:reload() end

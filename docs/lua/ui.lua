--- @meta
--- `ui`: views, controls, gestures and windows. Geometry: points `{x=, y=}` or `{x, y}`,
--- sizes `{width=, height=}` or `{w, h}`, rects `{x=, y=, width=, height=}` or `{x, y, w, h}`.
--- Colours (`ui.Color`): names ("red", or iOS's "systemBlue", "systemGray", "separator", ...),
--- "#rrggbb[aa]", or `{r, g, b[, a]}` from 0 to 1.

--- Numbers must be finite: NaN and ±inf are refused where they are set (`bad value for property
--- 'alpha' of ui.View (finite number expected, got nan)`), and so are counts below 1 where a
--- count is asked for. Options are strings; a misspelt one says which was meant
--- (`invalid option 'wordwrap' (did you mean 'wordWrap'?)`). Where an object is expected, a
--- class says how to make one (`a ui.Controller instance expected, got the class Diary; call
--- Diary:new()`). A function in a Lua class, delegate or data source whose name is a slip of
--- a callback's (`viewDidLod`) is warned about once, naming the callback meant.

--- @alias ui.Point { x: number, y: number }
--- @alias ui.Size { width: number, height: number }
--- @alias ui.Rect { x: number, y: number, width: number, height: number }
--- @alias ui.ControlEvent "touchDown"|"touchDownRepeat"|"touchUpInside"|"touchUpOutside"|"touchCancel"|"touchDragInside"|"touchDragOutside"|"touchDragEnter"|"touchDragExit"|"valueChanged"|"editingDidBegin"|"editingChanged"|"editingDidEnd"|"editingDidEndOnExit"

--- @class ui
ui = {}

--- A colour: a name ("red", "systemBlue", "white", "clear", ...), "#rrggbb", "#rrggbbaa",
--- or `{ r, g, b[, a] }` with each part from 0 to 1.
--- @alias ui.Color string|number[]

-- The strings each option property takes, as LuaCATS enums whose keys are the strings
-- (`--- @field lineBreakMode ui.LineBreakMode`). These tables are types for editors and
-- for the stubs' check; the `ui` module has no such fields.

--- The strings of the parts of a view that grow with its superview (`autoresizing`).
--- @enum (key) ui.Autoresizing
ui.Autoresizing = { flexibleLeftMargin = 0, flexibleWidth = 0, flexibleRightMargin = 0, flexibleTopMargin = 0, flexibleHeight = 0, flexibleBottomMargin = 0 }

--- The strings of how a label fits its text (`lineBreakMode`).
--- @enum (key) ui.LineBreakMode
ui.LineBreakMode = { clip = 0, truncateHead = 0, truncateTail = 0, truncateMiddle = 0, wordWrap = 0, charWrap = 0 }

--- The strings of a label's `alignment`.
--- @enum (key) ui.TextAlignment
ui.TextAlignment = { left = 0, center = 0, right = 0 }

--- The strings of a gesture recognizer's `state`; "recognized" is UIKit's name for "ended".
--- @enum (key) ui.GestureState
ui.GestureState = { possible = 0, began = 0, changed = 0, ended = 0, recognized = 0, cancelled = 0, failed = 0 }

--- The strings of a bar button item's `system`: UIKit's system items, each drawn by its
--- symbol or word and named for VoiceOver ("add" is "+", called "Add"; "trash" is called
--- "Delete"); the two spaces are room in a toolbar, not buttons.
--- @enum (key) ui.BarButtonSystemItem
ui.BarButtonSystemItem = { add = 0, edit = 0, done = 0, cancel = 0, save = 0, trash = 0, refresh = 0, search = 0, compose = 0, action = 0, flexibleSpace = 0, fixedSpace = 0 }

--- The strings of a swipe's `direction`.
--- @enum (key) ui.SwipeDirection
ui.SwipeDirection = { right = 0, left = 0, up = 0, down = 0 }

--- The strings of a window's `device`.
--- @enum (key) ui.Device
ui.Device = { iphone = 0, ipad = 0 }

--- The strings of a window's `orientation`.
--- @enum (key) ui.Orientation
ui.Orientation = { portrait = 0, landscape = 0 }

--- The strings of a page view controller's `transitionStyle`.
--- @enum (key) ui.PageTransitionStyle
ui.PageTransitionStyle = { pageCurl = 0, scroll = 0 }

--- The strings of a page view controller's `orientation`.
--- @enum (key) ui.PageOrientation
ui.PageOrientation = { horizontal = 0, vertical = 0 }

--- The strings of a page view controller's `spineLocation`.
--- @enum (key) ui.SpineLocation
ui.SpineLocation = { min = 0, mid = 0, max = 0 }

--- The strings of a segue's `kind`.
--- @enum (key) ui.SegueKind
ui.SegueKind = { push = 0, modal = 0, custom = 0 }

--- The strings of a table view's `style`.
--- @enum (key) ui.TableViewStyle
ui.TableViewStyle = { plain = 0, grouped = 0 }

--- The strings of a table view cell's `style`.
--- @enum (key) ui.TableViewCellStyle
ui.TableViewCellStyle = { default = 0, subtitle = 0, value1 = 0, value2 = 0 }

--- The strings of a table view cell's `accessoryType`.
--- @enum (key) ui.AccessoryType
ui.AccessoryType = { none = 0, disclosureIndicator = 0, checkmark = 0 }

--- The strings of a flow layout's `scrollDirection`.
--- @enum (key) ui.ScrollDirection
ui.ScrollDirection = { vertical = 0, horizontal = 0 }

--- A view. Extend it with `ui.View:extend("Name")` and override `pointInside`,
--- `layoutSubviews`, `draw`, `intrinsicContentSize` and the responder methods
--- (`touchesBegan(touches)` and the others); call the Swift behaviour with
--- `Name.super.method(self, ...)`. Every view class
--- (labels and controls too) takes these overrides, wherever the view is asked: hit
--- testing, layout, drawing, touches passed up the responder chain.
--- @class ui.View
--- @field frame ui.Rect
--- @field bounds ui.Rect
--- @field center ui.Point
--- @field tag integer
--- @field accessibilityLabel string? what a screen reader reads for it, and a name a test's pilot finds it by (`app:tap("Close")`)
--- @field hidden boolean
--- @field alpha number at 0.01 or below the view takes no touches
--- @field userInteractionEnabled boolean
--- @field clipsToBounds boolean
--- @field backgroundColor ui.Color?
--- @field tintColor ui.Color? the colour of its marks (a control's title, track, check mark); nil takes the superview's, systemBlue at the top, and reading it gives the colour in effect
--- @field borderWidth number
--- @field borderColor ui.Color
--- @field autoresizing ui.Autoresizing[] settable as one name or a list
--- @field superview ui.View?
--- @field subviews ui.View[]
--- @field window ui.Window?
--- @field gestureRecognizers ui.GestureRecognizer[] settable: a list replaces the view's recognizers (nil removes them)
--- @field intrinsicContentSize ui.Size read-only: the size its content asks for, from which a stack sizes it (a label's text, a control's own size); -1 for a length it has not (a plain view's both). A Lua class gives its views one with `function Badge:intrinsicContentSize() return { width = 40, height = 16 } end`
ui.View = {}
--- Every class of `ui` is made with `new`: the fields are assigned to the new object after
--- the settings its constructor takes itself. A class given as the fields is an error.
--- @param fields? table fields assigned to the new view
--- @return ui.View
function ui.View:new(fields) end
--- Makes a Lua class of this one; every view, control and controller class extends the same way.
--- @generic T
--- @param self T
--- @param name string the new class's name, shown in messages
--- @return T class a class that extends this one, with `new`, `extend` and `super`
function ui.View:extend(name) end
--- Adds `view` on top of the subviews. A view cannot contain itself.
--- @param view ui.View
function ui.View:addSubview(view) end
--- @param view ui.View
--- @param index integer 1 is the back
function ui.View:insertSubview(view, index) end
function ui.View:removeFromSuperview() end
--- @param view ui.View one of the subviews
function ui.View:bringSubviewToFront(view) end
--- @param view ui.View one of the subviews
function ui.View:sendSubviewToBack(view) end
--- @param tag integer
--- @return ui.View? this view or the first descendant with the tag
function ui.View:viewWithTag(tag) end
--- @param view ui.View
--- @return boolean whether this view is `view` or inside it
function ui.View:isDescendantOf(view) end
--- The deepest visible, interaction-enabled view containing the point (in this view's coordinates).
--- @param point ui.Point
--- @return ui.View?
function ui.View:hitTest(point) end
--- Override to take touches in another shape.
--- @param point ui.Point in this view's coordinates
--- @return boolean
function ui.View:pointInside(point) end
--- @param point ui.Point in this view's coordinates
--- @param toView ui.View? nil for the window
--- @return ui.Point
function ui.View:convertPoint(point, toView) end
--- @param point ui.Point in `fromView`'s coordinates
--- @param fromView ui.View? nil for the window
--- @return ui.Point in this view's coordinates
function ui.View:convertPointFrom(point, fromView) end
--- The size the view would like within `size` (a label's text, a control's own size).
--- @param size ui.Size
--- @return ui.Size
function ui.View:sizeThatFits(size) end
function ui.View:setNeedsLayout() end
function ui.View:layoutIfNeeded() end
--- Override to position subviews.
function ui.View:layoutSubviews() end
--- Override to draw with the canvas (see `ui.Canvas`).
--- @param canvas ui.Canvas
function ui.View:draw(canvas) end
--- Override to handle touches yourself. `touches` is a list of `ui.Touch` whose `x`, `y`
--- and `location` are in this view's coordinates. The Swift behaviour, reached through
--- `super`, passes them up the responder chain: to the controller whose view this is, then
--- to the superview. A control's Swift behaviour tracks the touch instead (see
--- `ui.Control:beginTracking`).
--- @param touches ui.Touch[]
function ui.View:touchesBegan(touches) end
--- @param touches ui.Touch[]
function ui.View:touchesMoved(touches) end
--- @param touches ui.Touch[]
function ui.View:touchesEnded(touches) end
--- @param touches ui.Touch[]
function ui.View:touchesCancelled(touches) end
--- @param recognizer ui.GestureRecognizer
function ui.View:addGestureRecognizer(recognizer) end
--- @param recognizer ui.GestureRecognizer
function ui.View:removeGestureRecognizer(recognizer) end

--- What `draw(canvas)` draws with, in the view's coordinates. Colours as everywhere in `ui`
--- (black by default); widths must be finite.
--- @class ui.Canvas
--- @field commands integer how many drawing commands it holds
ui.Canvas = {}
--- @param rect ui.Rect
--- @param colour? ui.Color
function ui.Canvas:fill(rect, colour) end
--- @param rect ui.Rect
--- @param colour? ui.Color
--- @param width? number default 1
function ui.Canvas:stroke(rect, colour, width) end
--- @param from ui.Point
--- @param to ui.Point
--- @param colour? ui.Color
--- @param width? number default 1
function ui.Canvas:line(from, to, colour, width) end
--- @param text string
--- @param point ui.Point where the text's first cell begins
--- @param colour? ui.Color
function ui.Canvas:text(text, point, colour) end
--- Limits what follows to `rect`.
--- @param rect ui.Rect
function ui.Canvas:clip(rect) end

--- A control: it turns touches into events for its targets. Every control class
--- (`ui.Control`, `ui.Button`, `ui.Switch`, `ui.Slider`, `ui.SegmentedControl`, `ui.Stepper`,
--- `ui.PageControl`, `ui.TextField`) can be extended in Lua, overriding `pointInside`,
--- `layoutSubviews`, `draw` and the four tracking methods.
---
--- As in UIKit since iOS 6, a control's default action beats a gesture recognizer on a
--- superview: a single tap with one finger on a button, switch, stepper, segmented control
--- or page control goes to the control, not to a `ui.TapGesture` on a view behind it; a
--- sideways swipe on a slider and a sideways pan on a switch stay with them too. A
--- recognizer added to the control itself still sees the touch first. A plain `ui.Control`
--- has no default action, so a recognizer on its superview takes its taps.
--- @class ui.Control: ui.View
--- @field enabled boolean
--- @field highlighted boolean
--- @field selected boolean
--- @field state string "normal", or the set states joined by "+" ("selected+highlighted")
--- @field tracking boolean
--- @field touchInside boolean whether the touch being tracked is inside the control
ui.Control = {}
--- Calls `fn(sender, event, touch)` for the event (or list of events); or, as UIKit,
--- `control:addTarget(target, "method", events)` calls `target:method(sender, event, touch)`.
--- `touch` is the `ui.Touch` that caused the event, its `x`, `y` and `location` in the
--- sender's coordinates (UIKit's `forEvent:` argument, whose touch tells `tapCount`); it is
--- nil when code sent the event (`sendActions`, or a value set outside a touch), and for the
--- text field's editing events, which carry no touch even when a tap began the editing.
--- A function keeps alive what it captures (a button whose function captures the controller
--- owning the button keeps both alive for good); a target object is held weakly, as UIKit
--- holds targets, and once it is gone the action does nothing. A table target is held.
--- A target without the method is an error at the call.
---
--- ```lua
--- -- A double tap:
--- button:addTarget(function(sender, event, touch)
---   if touch.tapCount == 2 then zoom() end
--- end, "touchDownRepeat")
--- ```
--- @overload fun(self: ui.Control, target: ui.Controller|ui.View|table, method: string, events: ui.ControlEvent|ui.ControlEvent[]): userdata
--- @param fn fun(sender: ui.Control, event: ui.ControlEvent, touch: ui.Touch?)
--- @param events ui.ControlEvent|ui.ControlEvent[]
--- @return ui.Target target for removeTarget
function ui.Control:addTarget(fn, events) end
--- @param target ui.Target what `addTarget` returned
function ui.Control:removeTarget(target) end
--- Calls the targets of the event (or list of events); they get no touch.
--- @param event ui.ControlEvent|ui.ControlEvent[]
function ui.Control:sendActions(event) end
--- Overridable tracking (`ui.Control:extend`, `ui.Button:extend`, ...): return false to
--- stop following the touch. `Class.super.beginTracking(self, touch)` runs the Swift
--- tracking (a slider's thumb, a switch turning over, ...).
--- @param touch ui.Touch
--- @return boolean
function ui.Control:beginTracking(touch) end
--- @param touch ui.Touch
--- @return boolean
function ui.Control:continueTracking(touch) end
--- @param touch ui.Touch
function ui.Control:endTracking(touch) end
--- The touch was cancelled (a gesture recognizer took it, a memory warning): put back what
--- tracking changed.
function ui.Control:cancelTracking() end

--- A finger on the screen (UIKit's `UITouch`), as responder, tracking and recognizer
--- methods and actions get it. Like a `UITouch` it is live: read later, it tells where the
--- finger is then.
--- @class ui.Touch
--- @field tapCount integer 1 for a single tap, 2 for the second of a double tap, ...
--- @field x number where the finger is, in the coordinates of the view (or control, or controller's view, or recognizer's view) that got it
--- @field y number
--- @field location ui.Point the same point as `{ x =, y = }`
--- @field windowLocation ui.Point in the window's coordinates
--- @field phase "began"|"moved"|"ended"|"cancelled"
--- @field timestamp number loop time of the latest phase, in seconds
--- @field view ui.View? the view the touch began on
ui.Touch = {}
--- The position in `view`'s coordinates (the window's when nil), as UIKit's `locationInView:`.
--- @param view ui.View?
--- @return ui.Point
function ui.Touch:locationIn(view) end
--- Where the finger was before its latest move.
--- @param view ui.View?
--- @return ui.Point
function ui.Touch:previousLocationIn(view) end

--- What `addTarget` returns, for `removeTarget`.
--- @class ui.Target
ui.Target = {}

--- @class ui.Label: ui.View
--- @field text string
--- @field lines integer 0: as many as needed
--- @field lineBreakMode ui.LineBreakMode
--- @field alignment ui.TextAlignment
--- @field textColor ui.Color
--- @field displayedLines string[] the lines as shown at the label's width
ui.Label = {}

--- @class ui.Button: ui.Control
--- @field title string? the normal title
--- @field currentTitle string? the title for the current state
--- @field image ui.Image? the normal image, drawn before the title (alone without one); the
--- text render shows the title, or the accessibility label in its place (the image's file name
--- without its extension when nothing else names the button)
--- @field currentImage ui.Image? the image for the current state
ui.Button = {}
--- @param image ui.Image? nil removes the state's image
--- @param state? string as for `setTitle`
function ui.Button:setImage(image, state) end
--- The image for the state; an unset combination falls back to normal.
--- @param state? string as for `setTitle`
--- @return ui.Image?
function ui.Button:imageFor(state) end
--- @param title string? nil removes the state's title
--- @param state? string "normal" (the default), "highlighted", "disabled", "selected", or states
--- joined by "+" in any order ("selected+highlighted")
function ui.Button:setTitle(title, state) end
--- The title for the state; an unset combination falls back to normal.
--- @param state? string as for `setTitle`
--- @return string?
function ui.Button:titleFor(state) end

--- @class ui.Switch: ui.Control
--- @field on boolean
ui.Switch = {}
--- @class ui.Slider: ui.Control
--- @field value number
--- @field minimumValue number
--- @field maximumValue number
ui.Slider = {}
--- A bar showing how far a task has got: the part done in the view's tint, over a track.
--- `ui.ProgressView:new{ frame = { 20, 100, 280, 16 }, progress = 0.4 }`
--- @class ui.ProgressView: ui.View
--- @field progress number from 0 to 1; a value beyond either end is taken as that end
ui.ProgressView = {}

--- The strings of a date picker's `mode`.
--- @enum (key) ui.DatePickerMode
ui.DatePickerMode = { time = 0, date = 0, dateAndTime = 0, countDownTimer = 0 }

--- The strings of an activity indicator's `style`.
--- @enum (key) ui.ActivityIndicatorStyle
ui.ActivityIndicatorStyle = { medium = 0, large = 0 }

--- Wheels of rows to choose from, one per component, UIKit's `UIPickerView` (320 × 216
--- when made without a frame). Rows and components count from 1. The data source (a table
--- or an object, its functions called with `self` first) has `numberOfComponents(p)` and
--- `numberOfRows(p, component)`; the delegate `titleForRow(p, row, component)` (a string;
--- nil shows "?") and `didSelectRow(p, row, component)`. The counts are asked when first
--- needed and after a reload, the titles of the rows in view only, so a wheel of a million
--- rows costs what one of ten does.
---
--- A person turns a wheel by dragging it, with the mouse wheel over it, by tapping a row
--- above or below the selection, or with the arrow keys once the picker has the focus (Tab):
--- up and down turn the focused wheel, left and right move between wheels, Home and End go
--- to its first and last row. Each tells `didSelectRow`; `selectRow` does not, as UIKit. The
--- pilot's `text()` lists the selected titles, and `tap` takes the title of a row in view.
---
--- ```lua
--- local sizes = { "Small", "Medium", "Large" }
--- local picker = ui.PickerView:new{ frame = { 0, 264, 320, 216 } }
--- picker.dataSource = {
---   numberOfComponents = function(self, p) return 1 end,
---   numberOfRows = function(self, p, component) return #sizes end,
--- }
--- picker.delegate = {
---   titleForRow = function(self, p, row, component) return sizes[row] end,
---   didSelectRow = function(self, p, row, component) order.size = sizes[row] end,
--- }
--- picker:selectRow(2)
--- ```
--- @class ui.PickerView: ui.View
--- @field dataSource { numberOfComponents: fun(self, p: ui.PickerView): integer, numberOfRows: fun(self, p: ui.PickerView, component: integer): integer }? a count out of 0 to 100 components or 2^48 rows is reported and taken as the nearest
--- @field delegate { titleForRow: (fun(self, p: ui.PickerView, row: integer, component: integer): string?)?, didSelectRow: fun(self, p: ui.PickerView, row: integer, component: integer)? }?
--- @field numberOfComponents integer as the data source says
ui.PickerView = {}
--- @param component? integer from 1; the first when nil
--- @return integer
function ui.PickerView:numberOfRows(component) end
--- The selected row of the component, from 1; nil when it has no rows.
--- @param component? integer from 1; the first when nil
--- @return integer?
function ui.PickerView:selectedRow(component) end
--- Turns the component's wheel to `row` without telling the delegate. A row or component
--- that is not there is an error (`bad argument #1 to 'selectRow' (index 9 out of range 1...3)`).
--- @param row integer from 1
--- @param component? integer from 1; the first when nil
--- @param animated? boolean accepted as UIKit's; the wheel is there at once
function ui.PickerView:selectRow(row, component, animated) end
--- Asks the data source again for the components and rows, and the delegate for the
--- titles; each selection stays where its row still is.
function ui.PickerView:reloadAllComponents() end
--- @param component integer from 1
function ui.PickerView:reloadComponent(component) end

--- Wheels for a date, a time of day, both, or a countdown, UIKit's `UIDatePicker` in its
--- wheels style (320 × 216 when made without a frame; `mode` "dateAndTime" unless told).
--- Dates are `loop.time()` seconds (virtual under `screens test`), shown in the machine's
--- time zone as `os.date` shows them (`TZ` honoured): month, day and year wheels for a
--- date, a day (`Thu Jan 1`) with hour and minute wheels (24-hour) for a date and time,
--- hours and minutes for a countdown. The date starts at the loop's time now.
---
--- A person turns a field as a picker's wheel (a drag, the mouse wheel, a tap on a row, the
--- arrow keys: up and down turn the focused field, left and right move between fields, Home
--- and End take it to its first or last value); each change sends "valueChanged". As
--- UIKit's wheels, the month, day, hour and minute wheels go round without carrying
--- (December is followed by January of the same year), and a day past a month's end is its
--- last. The pilot's `text()` shows the value as `Jan 1, 2026`, `09:30`,
--- `Jan 1, 2026 09:30` or `1 h 30 min`.
---
--- ```lua
--- local due = ui.DatePicker:new{ mode = "date", date = entry.due, minimumDate = loop.time() }
--- due:addTarget(function(p) entry.due = p.date end, "valueChanged")
--- ```
--- @class ui.DatePicker: ui.Control
--- @field mode ui.DatePickerMode
--- @field date number whole seconds since 1970 UTC (a fraction is dropped), from year 1 to 9999 (beyond is taken as the end), within `minimumDate` and `maximumDate`, rounded down to `minuteInterval` in the modes with a time
--- @field minimumDate number? the earliest date a person can pick; after `maximumDate`, the only one
--- @field maximumDate number?
--- @field minuteInterval integer the minute wheel's step: 1 (the default), 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30
--- @field countDownDuration number seconds in "countDownTimer" mode, from 0 to 86340 (23 h 59 min), rounded down to whole steps of `minuteInterval`
ui.DatePicker = {}

--- A spinner that shows a task is under way, UIKit's `UIActivityIndicatorView` (20 × 20, or
--- 37 × 37 in the large style, when made without a frame). It turns a spoke every eighth of a
--- second while it animates in a window, on a repeating timer of the loop, so it never keeps
--- `settle` or a headless run waiting; it stops when it leaves the window and goes on when it
--- comes back. The text render draws one turning braille character (`⣾`), the SVG UIKit's
--- eight spokes.
---
--- ```lua
--- local spinner = ui.ActivityIndicator:new{ center = { 160, 240 } }
--- view:addSubview(spinner)
--- spinner:startAnimating()
--- ```
--- @class ui.ActivityIndicator: ui.View
--- @field style ui.ActivityIndicatorStyle "medium" (the default) or "large"
--- @field color ui.Color? the spokes' colour; nil for iOS's grey
--- @field hidesWhenStopped boolean true by default: stopped, it is hidden; started, shown
--- @field animating boolean setting it starts or stops it
ui.ActivityIndicator = {}
function ui.ActivityIndicator:startAnimating() end
--- Stops at the frame it is at.
function ui.ActivityIndicator:stopAnimating() end

--- The strings of an image view's `contentMode`.
--- @enum (key) ui.ContentMode
ui.ContentMode = { scaleToFill = 0, scaleAspectFit = 0, scaleAspectFill = 0, center = 0 }
--- A picture `ui.image` read, decoded once and shared by every view, button and bar item
--- showing it. `tostring` writes how it was made: `ui.image("photo.jpg") (1024×768)`, or
--- `ui.image{ data = 1938 bytes } (160×120)`.
--- @class ui.Image
--- @field size ui.Size in points, one a pixel
--- @field data string the bytes of the PNG or JPEG file it was decoded from, as a store's binary attribute keeps them (`UIImage.pngData()`)
ui.Image = {}
--- Reads a PNG or JPEG file, decoded by the system's libpng and libjpeg. A relative path is
--- looked for in the app's folder, then in its data directory (a test file's folder stands for
--- the app's until it launches one); an absolute path must lead into one of them. A path with
--- `..`, or that leads out of them through a link, is refused, and so is what is no regular
--- file. A missing, unreadable, damaged or cut-short file, or one that claims more pixels than
--- allowed (16384 a side, 32 Mpx in all) or than its bytes can hold, is an error at the call
--- naming the file and why: `ui.image: photo.jpg: the file ends before its image does`. A
--- plugin's `ui.image` reads what its `io.open` could: its own folder's files, and with the
--- "files" permission the app's data directory's.
---
--- `ui.image{ data = bytes, name = "beach.jpg" }` decodes the bytes of a PNG or JPEG file
--- instead, as `UIImage(data:)` does: an image's `data`, or a binary attribute of a store.
--- `name` (default "image") is what it is called, as a file's name would be. Bytes that are
--- no image are an error as a file's are (`ui.image: image: not a PNG or JPEG file`).
--- @param path string|{ data: string, name: string? }
--- @return ui.Image
function ui.image(path) end
--- An image placed in its bounds by its `contentMode` (`scaleToFill` unless told): stretched,
--- fitted inside, filling (what overflows shows unless `clipsToBounds`), or at its size in the
--- middle. Made with an image and no frame it is as large as its image; its intrinsic size is
--- its image's. As UIKit's, it takes no touches until `userInteractionEnabled` is set. The
--- SVG embeds the file; a terminal in colour draws it in half blocks, two pixels a cell;
--- without colour (the text render, `NO_COLOR`) it is its `accessibilityLabel` in a frame.
--- `ui.ImageView:new{ image = ui.image("photo.jpg"), contentMode = "scaleAspectFit", frame = { 0, 0, 320, 240 } }`
--- @class ui.ImageView: ui.View
--- @field image ui.Image?
--- @field contentMode ui.ContentMode
ui.ImageView = {}

--- The strings of a stack view's `axis`.
--- @enum (key) ui.StackAxis
ui.StackAxis = { horizontal = 0, vertical = 0 }

--- The strings of a stack view's `distribution`.
--- @enum (key) ui.StackDistribution
ui.StackDistribution = { fill = 0, fillEqually = 0, fillProportionally = 0, equalSpacing = 0, equalCentering = 0 }

--- The strings of a stack view's `alignment`: "top" is "leading" and "bottom" is "trailing".
--- @enum (key) ui.StackAlignment
ui.StackAlignment = { fill = 0, leading = 0, top = 0, center = 0, trailing = 0, bottom = 0 }

--- A row or a column of views laid out from their `intrinsicContentSize`, as UIKit's
--- `UIStackView`: along the `axis` by the `distribution`, across it by the `alignment`,
--- `spacing` points apart. A hidden arranged view takes no room (nor its spacing); a change
--- of an arranged view (its text, hidden, a view added) lays the stack out again. Stacks
--- nest: a stack's own intrinsic size is what its views need.
---
--- Distributions: "fill" keeps the views at their sizes and gives the room left to the one
--- that hugs least (a view without an intrinsic length, such as a plain `ui.View` spacer or a
--- slider, then a button or field, then a label, then a switch or stepper; the last among
--- equals), and when they do not fit, the last give way first; "fillEqually" makes them all
--- as long; "fillProportionally" shares the length in proportion to their sizes;
--- "equalSpacing" shares the room left as equal gaps; "equalCentering" puts their centres
--- equally far apart. With one view, it fills the stack. Alignments: "fill" stretches them
--- across; "leading" (or "top"), "center" and "trailing" (or "bottom") keep their sizes.
---
--- ```lua
--- local form = ui.StackView:new{ frame = { 16, 16, 288, 200 }, axis = "vertical", spacing = 8,
---   alignment = "fill", distribution = "equalSpacing",
---   arrangedSubviews = { ui.Label:new{ text = "Name" }, ui.TextField:new{ placeholder = "Ann" } } }
--- form:addArrangedSubview(ui.Button:new{ title = "Save" })
--- ```
--- @class ui.StackView: ui.View
--- @field axis ui.StackAxis "horizontal" by default
--- @field distribution ui.StackDistribution "fill" by default
--- @field alignment ui.StackAlignment "fill" by default
--- @field spacing number points between neighbours (the least, for "equalSpacing" and "equalCentering"); negative overlaps them
--- @field arrangedSubviews ui.View[] the views laid out, in order; setting a list arranges those views (making them subviews) and lets the others go from the stack
ui.StackView = {}
--- Arranges `view` after the others, making it a subview; an arranged view moves to the end.
--- A stack cannot arrange itself or a view that contains it.
--- @param view ui.View
function ui.StackView:addArrangedSubview(view) end
--- Arranges `view` at `index`; an arranged view moves there.
--- @param view ui.View
--- @param index integer from 1 to one past the last of the other arranged views
function ui.StackView:insertArrangedSubview(view, index) end
--- Takes `view` out of the arrangement; as in UIKit it stays a subview (call
--- `view:removeFromSuperview()` to take it away). A view that is not arranged is left alone.
--- @param view ui.View
function ui.StackView:removeArrangedSubview(view) end
--- @class ui.SegmentedControl: ui.Control
--- @field segments string[]
--- @field selectedIndex integer? counting from 1
ui.SegmentedControl = {}
--- @class ui.Stepper: ui.Control
--- @field value number
--- @field minimumValue number
--- @field maximumValue number
--- @field stepValue number greater than 0
--- @field wraps boolean whether going past a limit wraps to the other one
ui.Stepper = {}
--- @class ui.PageControl: ui.Control
--- @field numberOfPages integer
--- @field currentPage integer counting from 1
ui.PageControl = {}
--- @class ui.TextField: ui.Control
--- @field text string
--- @field placeholder string?
--- @field textColor ui.Color
--- @field editing boolean
ui.TextField = {}
--- Starts editing: typed text goes to this field.
function ui.TextField:beginEditing() end
function ui.TextField:endEditing() end

--- Each gesture class takes `action = fn(recognizer)`, or `target = obj, action = "method"`
--- (the target held weakly, as `ui.Control:addTarget`), and its settings in `new{}`;
--- `g:addTarget(fn)` or `g:addTarget(target, "method")` adds more. Counts are 1 or more;
--- durations and distances must be finite.
---
--- A recognizer of your own extends this class, as UIKit's custom recognizers do: override
--- the touches methods (each gets a list of `ui.Touch` in the coordinates of the
--- recognizer's view, and sees the touches before the views do) and set `self.state` as the
--- gesture unfolds: from "possible" to "began" (continuous), "ended" (also "recognized")
--- or "failed"; from "began" or "changed" to "changed", "ended" or "cancelled". The actions
--- are called on every change but to "failed", and for every "changed". Once the touches
--- are lifted the state goes back to "possible" and `reset()` is called: clear what you
--- tracked there.
---
--- ```lua
--- local Scratch = ui.GestureRecognizer:extend("Scratch")   -- a back-and-forth drag
--- function Scratch:init() self:reset() end
--- function Scratch:reset() self.turns, self.direction, self.lastX = 0, 0, nil end
--- function Scratch:touchesBegan(touches) self.lastX = touches[1].x end
--- function Scratch:touchesMoved(touches)
---   local dx = touches[1].x - self.lastX
---   if math.abs(dx) < 10 then return end
---   local direction = dx > 0 and 1 or -1
---   if self.direction ~= 0 and direction ~= self.direction then self.turns = self.turns + 1 end
---   self.direction, self.lastX = direction, touches[1].x
---   if self.turns >= 3 then self.state = "recognized" end
--- end
--- function Scratch:touchesEnded() if self.state == "possible" then self.state = "failed" end end
--- view:addGestureRecognizer(Scratch:new{ action = function(g) erase() end })
--- ```
--- @class ui.GestureRecognizer
--- @field state ui.GestureState settable only on a recognizer of this class or one that extends it, along the moves above
--- @field enabled boolean
--- @field cancelsTouchesInView boolean whether recognizing cancels the view's touch (true)
--- @field numberOfTouches integer fingers down now
--- @field view ui.View?
ui.GestureRecognizer = {}
--- A recognizer that recognizes nothing until a class extending it says so.
--- @param fields? { action: (fun(g: ui.GestureRecognizer)|string)?, target: table? }
--- @return ui.GestureRecognizer
function ui.GestureRecognizer:new(fields) end
--- @generic T
--- @param self T
--- @param name string the new class's name, shown in messages
--- @return T class a class that extends this one, with `new`, `extend` and `super`
function ui.GestureRecognizer:extend(name) end
--- @param view ui.View? nil for the window
--- @return ui.Point
function ui.GestureRecognizer:locationIn(view) end
--- @overload fun(self: ui.GestureRecognizer, target: ui.Controller|ui.View|table, method: string)
--- @param fn fun(recognizer: ui.GestureRecognizer)
function ui.GestureRecognizer:addTarget(fn) end
--- Removes actions, as UIKit's `removeTarget(_:action:)`: `removeTarget(fn)` the function,
--- `removeTarget(target, "method")` that method of the target, `removeTarget(target)` all
--- of its methods, `removeTarget(nil, "method")` that method of any target, and
--- `removeTarget()` every action.
--- @overload fun(self: ui.GestureRecognizer, target: ui.Controller|ui.View|table|nil, method: string?)
--- @param fn fun(recognizer: ui.GestureRecognizer)?
function ui.GestureRecognizer:removeTarget(fn) end
--- Override to follow the touches; the built-in behaviour does nothing but for
--- `touchesCancelled`, which cancels a gesture under way and fails one that is possible.
--- @param touches ui.Touch[]
function ui.GestureRecognizer:touchesBegan(touches) end
--- @param touches ui.Touch[]
function ui.GestureRecognizer:touchesMoved(touches) end
--- @param touches ui.Touch[]
function ui.GestureRecognizer:touchesEnded(touches) end
--- @param touches ui.Touch[]
function ui.GestureRecognizer:touchesCancelled(touches) end
--- Override to clear what the recognizer tracked; called once the gesture is over and the
--- touches are lifted.
function ui.GestureRecognizer:reset() end

--- @class ui.TapGesture: ui.GestureRecognizer
--- @field numberOfTapsRequired integer
--- @field numberOfTouchesRequired integer
ui.TapGesture = {}
--- @param fields? { action: (fun(g: ui.TapGesture)|string)?, target: table?, numberOfTapsRequired: integer?, numberOfTouchesRequired: integer? }
--- @return ui.TapGesture
function ui.TapGesture:new(fields) end

--- @class ui.LongPressGesture: ui.GestureRecognizer
--- @field minimumPressDuration number seconds, 0.5 by default
--- @field allowableMovement number points the finger may move before it begins, 10 by default
--- @field numberOfTouchesRequired integer
ui.LongPressGesture = {}
--- @param fields? { action: (fun(g: ui.LongPressGesture)|string)?, target: table?, minimumPressDuration: number?, allowableMovement: number?, numberOfTouchesRequired: integer? }
--- @return ui.LongPressGesture
function ui.LongPressGesture:new(fields) end

--- @class ui.SwipeGesture: ui.GestureRecognizer
--- @field direction ui.SwipeDirection[] settable as one name or a list; right by default
--- @field swipedDirection ui.SwipeDirection? the direction of the swipe recognized
--- @field minimumDistance number points, 30 by default
--- @field numberOfTouchesRequired integer
ui.SwipeGesture = {}
--- @param fields? { action: (fun(g: ui.SwipeGesture)|string)?, target: table?, direction: (ui.SwipeDirection|ui.SwipeDirection[])?, minimumDistance: number?, numberOfTouchesRequired: integer? }
--- @return ui.SwipeGesture
function ui.SwipeGesture:new(fields) end

--- @class ui.PanGesture: ui.GestureRecognizer
--- @field translation ui.Point in its view's coordinates
--- @field velocity ui.Point points per second
--- @field minimumNumberOfTouches integer
ui.PanGesture = {}
--- @param fields? { action: (fun(g: ui.PanGesture)|string)?, target: table?, minimumNumberOfTouches: integer? }
--- @return ui.PanGesture
function ui.PanGesture:new(fields) end
--- @param view ui.View? nil for the window
--- @return ui.Point
function ui.PanGesture:translationIn(view) end
--- @param translation ui.Point
--- @param view ui.View? nil for the window
function ui.PanGesture:setTranslation(translation, view) end

--- @class ui.PinchGesture: ui.GestureRecognizer
--- @field scale number
ui.PinchGesture = {}
--- @param fields? { action: (fun(g: ui.PinchGesture)|string)?, target: table? }
--- @return ui.PinchGesture
function ui.PinchGesture:new(fields) end

--- @class ui.RotationGesture: ui.GestureRecognizer
--- @field rotation number radians
--- @field angle number the same as `rotation`
ui.RotationGesture = {}
--- @param fields? { action: (fun(g: ui.RotationGesture)|string)?, target: table? }
--- @return ui.RotationGesture
function ui.RotationGesture:new(fields) end

--- @class ui.Window: ui.View
--- @field size { width: number, height: number }
--- @field device ui.Device
--- @field orientation ui.Orientation
--- @field rootViewController ui.Controller? on a visible window, setting it makes the controller appear
--- @field visible boolean
--- @field isKeyWindow boolean whether `makeKeyAndVisible` made it the host's window
--- @field focusedView ui.View? (read-only) the control or cell with the keyboard focus, which Enter and Space tap; nil while nothing, or nothing on screen, has it
ui.Window = {}
--- Sends a memory warning to every controller; those whose views are in no window let them go.
--- The touches in progress are cancelled first, as the system does: controls send
--- `touchCancel`, gestures under way go to "cancelled".
function ui.Window:memoryWarning() end
--- @param fields? { device: ui.Device?, orientation: ui.Orientation? } iphone and portrait by default
--- @return ui.Window
function ui.Window:new(fields) end
function ui.Window:makeKeyAndVisible() end
--- Sends a raw touch through hit testing, gesture recognizers and the responder chain.
--- @param phase "began"|"moved"|"ended"|"cancelled"
--- @param point ui.Point in the window's coordinates
--- @param id? integer tells fingers apart
function ui.Window:touch(phase, point, id) end
--- A touch that begins and ends at the point.
--- @param point ui.Point
function ui.Window:tap(point) end
--- Types into the text field being edited.
--- @param text string
function ui.Window:type(text) end
--- Presses a key, as the terminal's keyboard does. "tab" and "shift-tab" move the focus
--- through the controls, cells and bar buttons on screen in reading order (top to bottom,
--- then left to right), round from the last to the first. "return"/"enter" is the return
--- key of the text field being edited (it ends editing); with none, it and "space" tap the
--- focused view. "up", "down", "left", "right", "pageup" and "pagedown" move within the
--- focus: to the row above or below in a list, a step of a slider, segmented control or
--- stepper, a line or a page of a scroll view, the page of a page view controller.
--- "backspace" or "delete" deletes the last character typed; "escape" ends editing, or with
--- no field being edited goes back (pops the navigation stack shown on top, or dismisses the
--- controller presented on top; nothing at the root). One character types it.
--- @param name "return"|"enter"|"space"|"tab"|"shift-tab"|"up"|"down"|"left"|"right"|"pageup"|"pagedown"|"backspace"|"delete"|"escape"|string
function ui.Window:key(name) end
--- @param orientation "portrait"|"landscape"
function ui.Window:rotate(orientation) end
--- The screen as the text (8×16-point cells) or SVG renderer draws it.
--- @param kind? "text"|"svg"
--- @return string
function ui.Window:render(kind) end

--- A view controller. Extend it with `ui.Controller:extend("Name")` and override the
--- callbacks; the view loads on first access (`loadView`, then `viewDidLoad`). An error in a
--- callback is reported as "viewDidLoad of Name" with its traceback, and the host goes on.
--- The containers (`ui.NavigationController`, `ui.TabBarController`, `ui.SplitViewController`,
--- `ui.PageViewController`) extend the same way, with every callback below overridable;
--- `Name.super.viewDidLoad(self)` runs the built-in behaviour.
--- @class ui.Controller
--- @field view ui.View loaded on first access
--- @field title string?
--- @field parent ui.Controller?
--- @field children ui.Controller[]
--- @field presentedViewController ui.Controller?
--- @field presentingViewController ui.Controller?
--- @field navigationController ui.NavigationController?
--- @field splitViewController ui.SplitViewController?
--- @field tabBarController ui.TabBarController?
--- @field navigationItem ui.NavigationItem
--- @field toolbarItems ui.BarButtonItem[]
--- @field tabBarItem ui.TabBarItem
--- @field appearanceState "disappeared"|"appearing"|"appeared"|"disappearing"
ui.Controller = {}
-- Delegates and data sources of the containers are tables or objects whose methods are
-- called with `self` first. An object (a controller) is held weakly, as UIKit holds
-- delegates, and the property reads nil once it is gone; a table is held. Anything else
-- (a number, a function, a class rather than one of its objects, a table whose callback is
-- not a function) is refused when set; an error in a delegate's method is reported with
-- where the delegate was set ("willShow of navigation delegate set at main.lua:12").
--- @param fields? table fields copied onto the new controller (controllers keep fields of their own)
--- @return ui.Controller
function ui.Controller:new(fields) end
--- @generic T
--- @param self T
--- @param name string the new class's name, shown in messages
--- @return T class a class that extends this one, with `new`, `extend` and `super`
function ui.Controller:extend(name) end
--- @return boolean
function ui.Controller:isViewLoaded() end
--- Loads the view now when it is not loaded yet (`loadView`, then `viewDidLoad`).
function ui.Controller:loadViewIfNeeded() end
--- Override to build the view and set `self.view`.
--- A container (navigation, tab bar, split, page) builds its own view here, as in UIKit: a
--- container subclass's override calls `Class.super.loadView(self)` first and adds to it.
function ui.Controller:loadView() end
function ui.Controller:viewDidLoad() end
--- @param animated boolean
function ui.Controller:viewWillAppear(animated) end
--- @param animated boolean
function ui.Controller:viewDidAppear(animated) end
--- @param animated boolean
function ui.Controller:viewWillDisappear(animated) end
--- @param animated boolean
function ui.Controller:viewDidDisappear(animated) end
function ui.Controller:viewWillLayoutSubviews() end
--- Called after the view laid out its subviews: place the children's views here.
function ui.Controller:viewDidLayoutSubviews() end
--- Memory is low. The built-in behaviour (`Name.super.didReceiveMemoryWarning(self)`) lets the
--- view go when it is in no window; call it first, then free what `viewDidLoad` made if
--- `self:isViewLoaded()` is false. An override that does not call super still loses a view
--- that is in no window, right after it returns.
function ui.Controller:didReceiveMemoryWarning() end
--- The screen is about to change to `size` (a rotation).
--- @param size ui.Size
function ui.Controller:viewWillTransition(size) end
--- `addChild` calls it with the new parent; call it with nil before removing a child.
--- @param parent ui.Controller?
function ui.Controller:willMoveToParent(parent) end
--- Call it after adding a child and placing its view; `removeFromParent` calls it with nil.
--- @param parent ui.Controller?
function ui.Controller:didMoveToParent(parent) end
--- Override to return false and forward appearance yourself.
--- @return boolean
function ui.Controller:shouldAutomaticallyForwardAppearanceMethods() end
--- A child has one parent: adding it to another is an error that names both.
--- @param child ui.Controller
function ui.Controller:addChild(child) end
function ui.Controller:removeFromParent() end
--- Swaps two children's views: `to`'s is added, `animations` runs on the loop's clock, then
--- `from`'s is removed and `completion(finished)` is called.
--- @param from ui.Controller a child whose view is shown
--- @param to ui.Controller a child whose view is not
--- @param options { duration: number?, animations: fun()?, completion: fun(finished: boolean)? }
function ui.Controller:transition(from, to, options) end
--- For a container that forwards appearance itself.
--- @param appearing boolean
--- @param animated boolean
function ui.Controller:beginAppearanceTransition(appearing, animated) end
function ui.Controller:endAppearanceTransition() end
--- Presents `vc` over the whole window; one presentation at a time.
--- @param vc ui.Controller
--- @param animated? boolean
--- @param done fun()?
function ui.Controller:present(vc, animated, done) end
--- Dismisses what this controller presents, with everything above it; nothing presented,
--- nothing to do. While the presentation or a dismissal animates it is an error ("cannot
--- dismiss ...: ... is still animating a transition").
--- @param animated? boolean
--- @param done? fun()
function ui.Controller:dismiss(animated, done) end
--- Performs a segue registered with `ui.segue`; `prepareForSegue` sees it first.
--- @param id string
--- @param sender any passed on to `prepareForSegue`
function ui.Controller:performSegue(id, sender) end
--- @param segue ui.Segue
--- @param sender any what `performSegue` was given
function ui.Controller:prepareForSegue(segue, sender) end
--- Hot reload (`screens run APP --watch`) asks each controller on screen to save what it
--- needs to come back as it was: set fields of `coder` (or return a table). Only plain data
--- is kept: strings, numbers, booleans and tables of them with string or integer keys; a
--- function, an object or a cycle is left out with a warning.
--- ```lua
--- function Detail:encodeRestorableState(coder) coder.video = self.video.id end
--- ```
--- @param coder table
--- @return table? state
function ui.Controller:encodeRestorableState(coder) end
--- After a reload, the new controller of the same class at the same place gets what the
--- old one saved, before it appears. A class whose `new` needs arguments can define
--- `Class:newForRestoration(coder)`, which returns the controller to restore (or nil to
--- leave it out).
--- ```lua
--- function Detail:decodeRestorableState(coder) self.video = videos.byId(coder.video) end
--- ```
--- @param coder table
function ui.Controller:decodeRestorableState(coder) end
--- A controller is a responder: override the touches methods to get the touches its view
--- (or a view inside it) passes up the responder chain, each a list of `ui.Touch` in the
--- coordinates of the controller's view. The Swift behaviour, reached through `super`,
--- passes them on to the superview of the controller's view.
--- @param touches ui.Touch[]
function ui.Controller:touchesBegan(touches) end
--- @param touches ui.Touch[]
function ui.Controller:touchesMoved(touches) end
--- @param touches ui.Touch[]
function ui.Controller:touchesEnded(touches) end
--- @param touches ui.Touch[]
function ui.Controller:touchesCancelled(touches) end

--- A stack of controllers under a navigation bar. The bar's left side: the top's own
--- `leftButton`, else the previous controller's `backButton`, else a back button titled with
--- the previous title; none on the root.
--- @class ui.NavigationController: ui.Controller
--- @field viewControllers ui.Controller[] settable
--- @field topViewController ui.Controller?
--- @field visibleViewController ui.Controller?
--- @field navigationBar ui.NavigationBar
--- @field toolbarHidden boolean
--- @field delegate { willShow: fun(self, nav, vc, animated)?, didShow: fun(self, nav, vc, animated)? }?
ui.NavigationController = {}
--- `ui.NavigationController:new(root)`, or `:new{ root = vc, ... }` with other fields to
--- assign; without a root the stack starts empty.
--- @param root ui.Controller?
--- @return ui.NavigationController
--- @overload fun(self: ui.NavigationController, fields: { root: ui.Controller? }|table): ui.NavigationController
function ui.NavigationController:new(root) end
--- Pushing a controller already in a stack is an error. So is any push or pop while a push
--- or pop animates ("cannot push ...: ... is still animating a transition").
--- @param vc ui.Controller
--- @param animated? boolean
function ui.NavigationController:push(vc, animated) end
--- Pops the top controller; the root is never popped (nil).
--- @param animated? boolean
--- @return ui.Controller?
function ui.NavigationController:pop(animated) end
--- @param vc ui.Controller one in the stack
--- @param animated? boolean
--- @return ui.Controller[] the popped controllers
function ui.NavigationController:popTo(vc, animated) end
--- @param animated? boolean
--- @return ui.Controller[]
function ui.NavigationController:popToRoot(animated) end
--- @param list ui.Controller[] the new stack, the root first
--- @param animated? boolean
function ui.NavigationController:setViewControllers(list, animated) end

--- Tabs behind a tab bar: each controller is a child, only the selected one's view shows.
--- Tabs count from 1. Only taps ask the delegate; selecting from code does not.
--- @class ui.TabBarController: ui.Controller
--- @field viewControllers ui.Controller[] settable; keeps the selected controller selected if it stays
--- @field selectedIndex integer? settable, from 1; a tab that does not exist is an error naming the index and count
--- @field selectedViewController ui.Controller? settable to one of the tabs
--- @field tabBar ui.TabBar
--- @field delegate { shouldSelect: (fun(self, tabs: ui.TabBarController, vc: ui.Controller): boolean)?, didSelect: fun(self, tabs: ui.TabBarController, vc: ui.Controller)? }?
ui.TabBarController = {}
--- `ui.TabBarController:new{ a, b, c }`: the array part is the tabs, the first selected.
--- @param fields ui.Controller[]|table
--- @return ui.TabBarController
function ui.TabBarController:new(fields) end

--- What the tab bar shows now: a button per tab, the selected one marked `▸`.
--- @class ui.TabBar: ui.View
--- @field titles string[]
--- @field badges string[] "" for a tab without a badge
--- @field selectedIndex integer? from 1
--- @field frame { x: number, y: number, width: number, height: number }
ui.TabBar = {}
--- Taps tab `index` (from 1) as a finger would: the delegate is asked.
--- @param index integer
function ui.TabBar:tapTab(index) end

--- A master and a detail: side by side when wider than tall (the master 320 points wide),
--- else the detail alone and the master in a popover shown by the button `willHide` gives.
--- @class ui.SplitViewController: ui.Controller
--- @field viewControllers ui.Controller[] settable: exactly { master, detail }
--- @field masterHidden boolean
--- @field barButtonItem ui.BarButtonItem? the button that shows the master while it is hidden
--- @field popover ui.Popover? the master's popover while it is hidden
--- @field delegate { willHide: fun(self, split: ui.SplitViewController, master: ui.Controller, button: ui.BarButtonItem)?, willShow: fun(self, split: ui.SplitViewController, master: ui.Controller, button: ui.BarButtonItem)?, willPresent: fun(self, split: ui.SplitViewController, popover: ui.Popover, master: ui.Controller)? }?
ui.SplitViewController = {}
--- `ui.SplitViewController:new{ master, detail }`.
--- @param fields ui.Controller[]|table
--- @return ui.SplitViewController
function ui.SplitViewController:new(fields) end

--- A book of pages, each a controller. Only the pages shown are children and alive: the
--- data source is asked for the page before or after one of them when a page turns
--- (`pageForward`, `pageBackward`, or a swipe: left or up for the next page), so a book of
--- 10^6 pages costs what one page costs. The settings are fixed at creation; the delegate's
--- `spineLocationFor` may move the spine when the screen turns (pageCurl only). A location
--- the pages do not fit (those it set meanwhile, or else the pages shown: "mid" with
--- single-sided pages, or with one page and no second to be had) is not taken, and is
--- reported as `setViewControllers` reports those pages, naming `spineLocationFor`.
---
--- Pages shown at once: the min and max spines show exactly 1, double-sided or not (UIKit
--- would take 2 when double-sided; here the back comes from the data source as the sheet
--- turns); the mid spine needs double-sided pages and exactly 2; the scroll style shows
--- exactly 1 and refuses double-sided pages and the mid spine. A list that does not fit is
--- an error naming the count and the rule. Double-sided sheets at the min and max spines
--- use every second page as the back of the one before: from page 1, a turn forward shows
--- page 2 on the turning sheet (a child while the turn animates) and lands on page 3; a turn
--- back from 3 lands on 1.
--- @class ui.PageViewController: ui.Controller
--- @field transitionStyle ui.PageTransitionStyle
--- @field orientation ui.PageOrientation
--- @field spineLocation ui.SpineLocation
--- @field doubleSided boolean settable when the pages shown fit the new setting
--- @field transitioning boolean whether an animated turn is under way
--- @field viewControllers ui.Controller[] the pages shown; settable (not animated)
--- @field dataSource { pageBefore: fun(self, pvc: ui.PageViewController, vc: ui.Controller): ui.Controller?, pageAfter: fun(self, pvc: ui.PageViewController, vc: ui.Controller): ui.Controller? }? nil at the ends of the book
--- @field delegate { spineLocationFor: (fun(self, pvc: ui.PageViewController, orientation: ui.Orientation): ui.SpineLocation?)?, didFinishAnimating: fun(self, pvc: ui.PageViewController, finished: boolean, previous: ui.Controller[], completed: boolean)? }?
ui.PageViewController = {}
--- `ui.PageViewController:new{ transitionStyle = "pageCurl", orientation = "horizontal", spineLocation = "min", doubleSided = false }`
--- (these are the defaults).
--- @param fields? { transitionStyle: ui.PageTransitionStyle?, orientation: ui.PageOrientation?, spineLocation: ui.SpineLocation?, doubleSided: boolean? }
--- @return ui.PageViewController
function ui.PageViewController:new(fields) end
--- Shows `list` (checked against the spine table), turning in `direction` when `animated`
--- and on screen; `done(finished)` is called when the pages are in place. Called from
--- `spineLocationFor`, the list is checked against the location it returns.
--- @param list ui.Controller[]
--- @param direction? "forward"|"reverse"
--- @param animated? boolean
--- @param done? fun(finished: boolean)
function ui.PageViewController:setViewControllers(list, direction, animated, done) end
--- Turns to the next page (or pair) the data source gives.
--- @param animated? boolean default true
--- @return boolean turned false at the end of the book
function ui.PageViewController:pageForward(animated) end
--- Turns to the previous page (or pair).
--- @param animated? boolean default true
--- @return boolean turned false at the beginning of the book
function ui.PageViewController:pageBackward(animated) end

--- The panel that shows a hidden master over the detail; a tap outside dismisses it.
--- @class ui.Popover
--- @field visible boolean
--- @field contentViewController ui.Controller
--- @field frame { x: number, y: number, width: number, height: number } the panel's, in the split view
ui.Popover = {}
function ui.Popover:dismiss() end

--- What the navigation bar shows now.
--- @class ui.NavigationBar: ui.View
--- @field title string?
--- @field prompt string?
--- @field backTitle string? the back button's title as shown: the previous title, "Back" when that does not fit beside the title, "" for the chevron alone; nil when no back button shows
--- @field leftButton ui.BarButtonItem?
--- @field rightButton ui.BarButtonItem?
--- @field frame ui.Rect in the navigation controller's view
ui.NavigationBar = {}
--- Taps the back button: pops without calling any action.
function ui.NavigationBar:tapBack() end

--- @class ui.NavigationItem
--- @field title string? the controller's title when not set
--- @field prompt string?
--- @field leftButton ui.BarButtonItem?
--- @field rightButton ui.BarButtonItem?
--- @field backButton ui.BarButtonItem? shown while a controller pushed above this one is on top
ui.NavigationItem = {}

--- @class ui.TabBarItem
--- @field title string? the controller's title when not set
--- @field badgeValue string?
--- @field tag integer
ui.TabBarItem = {}

--- One item may show in several bars at once (a navigation bar and a toolbar): each redraws
--- when its title or `enabled` changes.
--- @class ui.BarButtonItem
--- @field title string?
--- @field system ui.BarButtonSystemItem? read-only: the system item it was made as
--- @field width number a fixed space's width (0: UIKit's 8 points)
--- @field accessibilityLabel string? what the pilot and VoiceOver call it; the system item's name when nil
--- @field image ui.Image? drawn before the title, or alone; the text render shows the title, or the image's name
--- @field tag integer
--- @field enabled boolean
ui.BarButtonItem = {}
--- `new{ title =, action = fn(item) }`, or `new{ title =, target = obj, action = "method" }`
--- calling `obj:method(item)` with the target held weakly (see `ui.Control:addTarget`);
--- `new{ system = "add", action = ... }` for a system item, `new{ system = "flexibleSpace" }`
--- for the room that pushes a toolbar's next items to the right (shared equally among the
--- flexible spaces), `new{ system = "fixedSpace", width = 20 }`.
--- @param fields { title: string?, system: ui.BarButtonSystemItem?, width: number?, accessibilityLabel: string?, image: ui.Image?, tag: integer?, action: (fun(item: ui.BarButtonItem)|string)?, target: (ui.Controller|table)? }
--- @return ui.BarButtonItem
function ui.BarButtonItem:new(fields) end
--- `setAction(fn)` or `setAction(target, "method")`.
--- @overload fun(self: ui.BarButtonItem, target: ui.Controller|table, method: string)
--- @param fn fun(item: ui.BarButtonItem)
function ui.BarButtonItem:setAction(fn) end
function ui.BarButtonItem:tap() end

--- Registers a segue for a controller class or a controller.
--- @param fields { id: string, from: table|ui.Controller, to: table|fun(): ui.Controller, kind: "push"|"modal"|"custom"?, perform: fun(segue: ui.Segue)? }
function ui.segue(fields) end

--- @class ui.Segue
--- @field identifier string?
--- @field source ui.Controller
--- @field destination ui.Controller
--- @field kind ui.SegueKind
ui.Segue = {}
--- A segue to perform directly, made in code (a segue that undoes another, for example).
--- @param fields { identifier: string?, source: ui.Controller, destination: ui.Controller, kind: ui.SegueKind?, perform: fun(segue: ui.Segue)? }
--- @return ui.Segue
function ui.Segue:new(fields) end
function ui.Segue:perform() end

--- The strings of an alert controller's `style`.
--- @enum (key) ui.AlertControllerStyle
ui.AlertControllerStyle = { alert = 0, actionSheet = 0 }

--- The strings of an alert action's `style`.
--- @enum (key) ui.AlertActionStyle
ui.AlertActionStyle = { default = 0, cancel = 0, destructive = 0 }

--- An alert or an action sheet, shown with `controller:present(alert, true)`: it lies over
--- the screen, which it dims, and the presenter stays (no appearance callbacks). An alert is
--- a box in the middle (title, message, text fields, then its actions: two side by side,
--- the cancel one on the left; more stacked, the cancel one last); an action sheet sits at
--- the bottom, its cancel action apart below the others, and a tap outside it is the cancel
--- action. A tap on an action dismisses the alert, then calls the action's handler with the
--- action (an error there is reported, and the app goes on). Return chooses the preferred
--- action (else the one action that is not the cancel one, when there is just one), Escape
--- the cancel action; Tab and the arrows move the focus among the fields and actions. The
--- first text field takes the typing when the alert appears. An alert that cannot be shown
--- (presented twice, or while the presenter already presents one) is refused with a
--- warning, as UIKit does. A hot reload drops an alert on screen. UIKit's alert controller
--- is used as it is: Lua cannot extend it.
--- ```lua
--- local sheet = ui.AlertController:new{ title = "Delete the photo?", style = "actionSheet" }
--- sheet:addAction(ui.AlertAction:new{ title = "Delete", style = "destructive",
---   handler = function() diary:removePhoto() end })
--- sheet:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
--- self:present(sheet, true)
--- ```
--- @class ui.AlertController: ui.Controller
--- @field message string?
--- @field style ui.AlertControllerStyle set by `new`
--- @field actions ui.AlertAction[] in the order they were added
--- @field textFields ui.TextField[] in the order they were added
--- @field preferredAction ui.AlertAction? drawn bold (the cancel action then is not) and chosen by Return; alerts only. It must be one of the alert's actions.
ui.AlertController = {}
--- @param fields { title: string?, message: string?, style: ui.AlertControllerStyle? }
--- @return ui.AlertController
function ui.AlertController:new(fields) end
--- Adds an action after the others, also while the alert is on screen. A second cancel
--- action is an error naming both, as is an action already added to an alert.
--- @param action ui.AlertAction
function ui.AlertController:addAction(action) end
--- Adds a text field under the message, calls `configure(field)` at once to set it up, and
--- returns it. Action sheets have none: adding one is an error, as UIKit raises.
--- @param configure? fun(field: ui.TextField)
--- @return ui.TextField
function ui.AlertController:addTextField(configure) end

--- An action of an alert: its button, and what a tap on it does. The alert holds its
--- actions' handlers, which Lua's collector cannot see: a handler that captures its own
--- alert keeps it alive for good. Keep the text field `addTextField` returns instead.
--- @class ui.AlertAction
--- @field title string? set by `new`
--- @field style ui.AlertActionStyle set by `new`: "cancel" is bold and last, "destructive" red
--- @field enabled boolean a disabled action is grey, and neither a tap, Return nor Escape chooses it
ui.AlertAction = {}
--- @param fields { title: string?, style: ui.AlertActionStyle?, handler: fun(action: ui.AlertAction)? }
--- @return ui.AlertAction
function ui.AlertAction:new(fields) end

--- The place of a row or item in a list: `ui.indexPath(section, item)`, both counted from 1.
--- Lists and fetched results give these; where one is taken, a table `{ section =, item = }`
--- (or `row =`) does as well. Two index paths are equal when their numbers are, and order
--- by section, then item; `tostring` writes them as they are made.
--- @class ui.IndexPath
--- @field section integer from 1
--- @field item integer from 1
--- @field row integer the same as `item`, as table views say
ui.IndexPath = {}
--- Non-integers and numbers below 1 are argument errors (`bad argument #1 to 'indexPath'
--- (section of at least 1 expected, got 0)`).
--- @param section integer from 1
--- @param item integer from 1
--- @return ui.IndexPath
function ui.indexPath(section, item) end

--- A view whose content is larger than itself and moves under it: a drag, the mouse wheel
--- and the arrow keys scroll it, and so does code. The content offset is the origin of
--- `bounds`: subviews placed in content coordinates move up as it grows. It stays within
--- 0 and `contentSize - size` on each axis however it is set; NaN and ±inf are refused where
--- they are set. A drag scrolls the innermost scroll view that can still move the way the
--- finger goes. Table views are scroll views.
--- @class ui.ScrollView: ui.View
--- @field contentSize ui.Size lengths below 0 count as 0; at most 1e15
--- @field contentOffset ui.Point the content point at the view's top-left, clamped
--- @field visibleRect ui.Rect the part of the content shown, in content coordinates
--- @field scrollEnabled boolean whether drags scroll it (code still can)
--- @field delegate { didScroll: fun(self, sv: ui.ScrollView)? }? told once per change of the offset, by code, a drag or an animation frame
ui.ScrollView = {}
--- `ui.ScrollView:new{ frame =, contentSize =, contentOffset = }`: the frame and the size
--- are set first, so that the offset is clamped to them.
--- @param fields? { frame: ui.Rect?, contentSize: ui.Size?, contentOffset: ui.Point? }
--- @return ui.ScrollView
function ui.ScrollView:new(fields) end
--- Scrolls as little as it takes to show `rect` (in content coordinates); the top-left part
--- of a rect larger than the view.
--- @param rect ui.Rect
--- @param animated? boolean over 0.3 seconds when shown in a window
function ui.ScrollView:scrollTo(rect, animated) end
--- @param offset ui.Point clamped to the content
--- @param animated? boolean
function ui.ScrollView:setContentOffset(offset, animated) end
--- Moves the content by `delta` (positive `y` shows what is further down), as the wheel does.
--- @param delta ui.Point
function ui.ScrollView:scrollBy(delta) end

--- Rows in sections, scrolling vertically. The table asks its data source only for what it
--- shows: the counts on a reload or an update, and a cell for each row that comes into view;
--- the cells of rows that leave go back to a queue for `dequeue` to hand out again, so a
--- table of a million rows keeps as many cells as fit on the screen, and scrolls and jumps
--- as one of a hundred does.
---
--- The data source (a table or an object; its functions are called with `self` first) has
--- `numberOfSections(tv)` (1 without it), `numberOfRows(tv, section)`, `cellForRow(tv, ip)`
--- (a cell, usually from `tv:dequeue`), `titleForHeader(tv, section)` and
--- `titleForFooter(tv, section)` (strings, nil for none), `canEditRow(tv, ip)` (without it,
--- rows can be edited when there is a `commitDelete`), `commitDelete(tv, ip)` (the row's
--- delete button was tapped, after a tap on its delete control while the table edits or a
--- swipe to the left: delete the data, then `tv:deleteRows{ ip }`) and
--- `prefetchRows(tv, ips)` (the next screen of rows, to load ahead). The delegate has
--- `heightForRow(tv, ip)` (a number, nil for `rowHeight`; asked for every row on a reload
--- when the delegate has it, and never while scrolling), `didSelectRow(tv, ip)`,
--- `didDeselectRow(tv, ip)`, `willDisplay(tv, cell, ip)`, `didScroll(tv)`, and the section
--- header and footer views: `viewForHeader(tv, section)` and `viewForFooter(tv, section)`
--- (a view, asked when the header comes into view; nil for the title's header), with
--- `heightForHeader(tv, section)` and `heightForFooter(tv, section)` (nil for
--- `sectionHeaderHeight`; 0 for no header).
---
--- An error in one of them is reported with its name, where it was set and a traceback
--- ("cellForRow of table data source set at main.lua:12"), and the table goes on: an empty
--- cell for the row, no rows for the section. So is an answer it cannot use (`bad result
--- from 'cellForRow' (ui.TableViewCell expected, got nil)`, a count below 0, a cell shown
--- elsewhere already).
---
--- Updates (`insertRows` and the others) are checked against the counts the data source
--- gives before anything changes: deletes, reloads and the sources of moves name places
--- before the update, inserts and destinations after it. One that does not add up is an
--- error at the call with UIKit's message counted from 1 (`main.lua:12: invalid number of
--- rows in section 1. The number of rows contained in an existing section after the update
--- (12) must be equal to ... (2 inserted, 2 deleted) ...`); nothing changes, and the table
--- goes on. Outside `performBatchUpdates` or `beginUpdates`, each call is an update of its
--- own.
--- @class ui.TableView: ui.ScrollView
--- @field style ui.TableViewStyle set by `new`
--- @field dataSource table|ui.TableViewController? see above; a `ui.TableViewController` is its own table's
--- @field delegate table|ui.TableViewController?
--- @field rowHeight number 44 by default; below 0 counts as 0
--- @field sectionHeaderHeight number of a header with a title
--- @field sectionFooterHeight number of a footer with a title
--- @field allowsSelection boolean whether a tap selects a row
--- @field editing boolean every row the data source lets edit shows its delete control, named "Delete" and the row's text ("Delete Coffee")
--- @field tableHeaderView ui.View? above the first section, as wide as the table and as high as its frame when set; it scrolls with the rows (a search bar is the usual one); set it again for a new height
--- @field tableFooterView ui.View? below the last section
--- @field numberOfSections integer as the table last counted
--- @field visibleCells ui.TableViewCell[] the cells shown, in the order of their rows
--- @field indexPathsForVisibleRows ui.IndexPath[] in order
--- @field indexPathForSelectedRow ui.IndexPath?
ui.TableView = {}
--- `ui.TableView:new{ style = "plain"|"grouped", frame = }`.
--- @param fields? { style: ui.TableViewStyle?, frame: ui.Rect? }
--- @return ui.TableView
function ui.TableView:new(fields) end
--- Registers how to make the cells of `id`: `CellClass:new{ style = style }`, its `init`
--- run once, when the cell is made (not when it is reused). `CellClass` is
--- `ui.TableViewCell` or a class extending it.
--- @param id string
--- @param CellClass table
--- @param style? "default"|"subtitle"|"value1"|"value2"
function ui.TableView:register(id, CellClass, style) end
--- A cell of `id`: one whose row left the screen, after its `prepareForReuse()`, or a new one
--- of the registered class (an error in its `init` is this call's error). An `id` nobody
--- registered is an error naming it (`unable to dequeue a cell with identifier Cell - must
--- register a nib or a class for the identifier`).
--- @param id string
--- @param ip? ui.IndexPath the row it is for
--- @return ui.TableViewCell
function ui.TableView:dequeue(id, ip) end
--- Asks the data source again for everything; the selection is cleared.
function ui.TableView:reloadData() end
--- @param ips ui.IndexPath[] rows inserted in the data, at their places after the update
function ui.TableView:insertRows(ips) end
--- @param ips ui.IndexPath[] rows deleted from the data, at their places before the update
function ui.TableView:deleteRows(ips) end
--- @param ips ui.IndexPath[] rows whose cells are asked for again, at their places before the update
function ui.TableView:reloadRows(ips) end
--- @param from ui.IndexPath before the update
--- @param to ui.IndexPath after the update
function ui.TableView:moveRow(from, to) end
--- @param sections integer[] inserted, numbered after the update, from 1
function ui.TableView:insertSections(sections) end
--- @param sections integer[] deleted, numbered before the update, from 1
function ui.TableView:deleteSections(sections) end
--- @param sections integer[] whose rows are all asked for again, numbered before the update
function ui.TableView:reloadSections(sections) end
--- @param from integer before the update
--- @param to integer after the update
function ui.TableView:moveSection(from, to) end
--- Makes the changes `fn` asks for as one update, checked once they are all known; a batch
--- inside a batch joins it. When `fn` raises, its error is this call's, and the table
--- reloads (the data may have changed part way).
--- @param fn fun()
function ui.TableView:performBatchUpdates(fn) end
--- Starts gathering the changes asked for until the matching `endUpdates()` into one update,
--- as a fetched results delegate written by hand does: `beginUpdates` in
--- `willChangeContent`, rows in `didChangeObject`, `endUpdates` in `didChangeContent`.
--- Pairs nest.
function ui.TableView:beginUpdates() end
--- Ends a `beginUpdates()`: the outermost end checks and makes the update (an error when it
--- does not add up). An end without a begin does nothing.
function ui.TableView:endUpdates() end
--- @param section integer from 1
--- @return integer 0 for a section the table does not have
function ui.TableView:numberOfRows(section) end
--- @param ip ui.IndexPath
--- @return ui.TableViewCell? nil when the row is not in view
function ui.TableView:cellAt(ip) end
--- @param cell ui.TableViewCell
--- @return ui.IndexPath? the row a cell shown in this table is for
function ui.TableView:indexPathFor(cell) end
--- @param point ui.Point in the table's content
--- @return ui.IndexPath? nil over a header, a footer or below the last row
function ui.TableView:indexPathAt(point) end
--- @param ip ui.IndexPath
--- @return ui.Rect? the row's place in the content; nil for no such row
function ui.TableView:rectForRow(ip) end
--- Scrolls so that the row is at `position` ("none", the default, moves as little as it
--- takes to show it); a row the table does not have is an error. Given a rect, scrolls as
--- any scroll view does (`scrollTo(rect, animated)`).
--- @param ip ui.IndexPath|ui.Rect
--- @param position? "none"|"top"|"middle"|"bottom"
--- @param animated? boolean
function ui.TableView:scrollTo(ip, position, animated) end
--- Selects the row (nil deselects) without telling the delegate, and scrolls it to `position`
--- unless that is "none"; a row the table does not have is an error.
--- @param ip ui.IndexPath?
--- @param position? "none"|"top"|"middle"|"bottom"
function ui.TableView:selectRow(ip, position) end
--- Deselects the row if it is selected, without telling the delegate.
--- @param ip ui.IndexPath
function ui.TableView:deselectRow(ip) end
--- @param editing boolean
--- @param animated? boolean
function ui.TableView:setEditing(editing, animated) end

--- A row of a table view: a content view with a title label and, in the styles but
--- "default", a detail label; an accessory mark on the right; while the table edits, a delete
--- control on the left (a red minus), which shows the delete button when tapped, as a swipe
--- to the left does. Extend it for cells of your own
--- (`ui.TableViewCell:extend("EntryCell")`, registered with `tv:register`): `init` runs once,
--- when the cell is made, and an override of `prepareForReuse()` clears what a row set before
--- the cell shows another (call `EntryCell.super.prepareForReuse(self)` to clear the
--- selection and the delete button too). Actions on a cell's controls and gestures should
--- name the cell (or a controller) as their target, which is held weakly, so that they do
--- not keep the cell alive.
--- @class ui.TableViewCell: ui.View
--- @field style ui.TableViewCellStyle set by `new`
--- @field reuseIdentifier string? the id it was registered and dequeued under
--- @field contentView ui.View holds the labels and what you add; narrows for the accessory and the delete button
--- @field textLabel ui.Label
--- @field detailTextLabel ui.Label? nil in the default style
--- @field imageView ui.ImageView (read-only) the image at the start of the row, as UIKit's: made when first read, at its image's size (smaller in a row not that tall), the labels after it; no room while it has no image
--- @field accessoryType ui.AccessoryType
--- @field selected boolean
--- @field highlighted boolean set while a finger is on the row
--- @field showsEditingControl boolean while the table edits, on a row it can delete
--- @field showsDeleteButton boolean after a tap on the delete control or a swipe to the left
--- @field deleteButton ui.Button tapped, it commits the delete
ui.TableViewCell = {}
--- @param fields? { style: ui.TableViewCellStyle? }
--- @return ui.TableViewCell
function ui.TableViewCell:new(fields) end
--- The built-in reset: clears the selection, the highlight and the delete button; the labels
--- keep their text for the data source to set again.
function ui.TableViewCell:prepareForReuse() end

--- A controller whose view is a table it feeds itself: extend it, and its Lua class's
--- methods are the table's data source and delegate (`function Entries:numberOfRows(tv,
--- section)`, `cellForRow(tv, ip)`, `commitDelete(tv, ip)`, `didSelectRow(tv, ip)`, and the
--- others of `ui.TableView`). It deselects the selected row each time it is about to appear
--- again, unless told not to.
--- @class ui.TableViewController: ui.Controller
--- @field tableView ui.TableView its view
--- @field editButtonItem ui.BarButtonItem titled "Edit" ("Done" while editing); a tap switches `editing`
--- @field clearsSelectionOnViewWillAppear boolean true by default
--- @field editing boolean the table's
ui.TableViewController = {}
--- @param fields? { style: ("plain"|"grouped")? }
--- @return ui.TableViewController
function ui.TableViewController:new(fields) end
--- @param editing boolean
--- @param animated? boolean
function ui.TableViewController:setEditing(editing, animated) end

--- A text field to type a search into, with a cancel button beside it; a list's header, to
--- filter its rows. Its delegate hears `textDidChange(bar, text)` as the user types (not for
--- text set by code), `searchButtonClicked(bar)` on the return key and
--- `cancelButtonClicked(bar)`.
--- @class ui.SearchBar: ui.View
--- @field text string
--- @field placeholder string?
--- @field showsCancelButton boolean false by default, as UIKit
--- @field textField ui.TextField
--- @field cancelButton ui.Button
--- @field delegate { textDidChange: fun(self, bar: ui.SearchBar, text: string)?, searchButtonClicked: fun(self, bar: ui.SearchBar)?, cancelButtonClicked: fun(self, bar: ui.SearchBar)? }?
ui.SearchBar = {}
--- A search bar 320 points wide and 44 high unless `frame` says otherwise.
--- @param fields? table
--- @return ui.SearchBar
function ui.SearchBar:new(fields) end

--- A transform as layout attributes take it: the matrix `{ a =, b =, c =, d =, tx =, ty = }`
--- (a point (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty); a missing number is the
--- identity's), or, without `a` to `d`, `{ rotation = radians, scale = n or {x, y}, tx =, ty = }`
--- (scaled, then rotated clockwise, then moved). Read back as the matrix.
--- @alias ui.Transform { a: number?, b: number?, c: number?, d: number?, tx: number?, ty: number?, rotation: number?, scale: (number|ui.Size)? }

--- Items in sections, placed by a layout (`ui.FlowLayout` by default, or a `ui.Layout` of
--- your own), scrolling as a scroll view does. The collection view asks its data source only
--- for what it shows: the counts on a reload or an update, and a view for each element that
--- comes into view (a cell per item, a supplementary view per header, footer or other kind
--- the layout places); views that leave go back to a queue per kind and id for `dequeue` to
--- hand out again, so a million items keep as many cells as fit on the screen. Elements are
--- drawn and hit-tested in the order of their attributes' `zIndex`.
---
--- The data source (a table or an object; its functions are called with `self` first) has
--- `numberOfSections(cv)` (1 without it), `numberOfItems(cv, section)`, `cellForItem(cv, ip)`
--- (a cell from `cv:dequeue`) and `viewForSupplementary(cv, kind, ip)` (a view from
--- `cv:dequeueSupplementary`, for kind "header", "footer" or one the layout names; nil for
--- an empty one). The delegate has `sizeForItem(cv, layout, ip)` (a size, nil for the
--- layout's `itemSize`; asked for every item when the layout prepares, and only when the
--- delegate has it), `shouldSelectItem(cv, ip)` (false refuses a tap), `didSelectItem(cv, ip)`,
--- `didDeselectItem(cv, ip)` (told of taps, not of selection by code) and `didScroll(cv)`.
---
--- An error in one of them is reported with its name, where it was set and a traceback
--- ("cellForItem of collection data source set at main.lua:12"), and the view goes on: an
--- empty cell for the item, no items for the section, the layout's item size. So is an
--- answer it cannot use (`bad result from 'cellForItem' (ui.CollectionViewCell expected, got
--- nil)`, a count below 0, a cell shown elsewhere already).
---
--- Updates (`insertItems` and the others) are checked against the counts the data source
--- gives before anything changes: deletes, reloads and the sources of moves name places
--- before the update, inserts and destinations after it. One that does not add up is an
--- error at the call with UIKit's message counted from 1 (`main.lua:12: invalid number of
--- items in section 1. The number of items contained in an existing section after the
--- update (12) must be equal to ...`); nothing changes, and the view goes on. Outside
--- `performBatchUpdates`, each call is an update of its own.
--- @class ui.CollectionView: ui.ScrollView
--- @field layout ui.Layout settable (the view lays out again by the new one); a layout serves one collection view at a time
--- @field dataSource table|ui.CollectionViewController? see above; a `ui.CollectionViewController` is its own view's
--- @field delegate table|ui.CollectionViewController?
--- @field allowsSelection boolean whether a tap selects an item (true)
--- @field allowsMultipleSelection boolean a tap on a selected item then deselects it (false)
--- @field indexPathsForSelectedItems ui.IndexPath[] in order
--- @field visibleCells ui.CollectionViewCell[] the cells shown, in the order of their items
--- @field indexPathsForVisibleItems ui.IndexPath[] in order
--- @field numberOfSections integer as the view last counted
ui.CollectionView = {}
--- `ui.CollectionView:new{ layout = ui.FlowLayout:new{ ... }, frame = }`; a new flow layout
--- without `layout`.
--- @param fields? { layout: ui.Layout?, frame: ui.Rect? }
--- @return ui.CollectionView
function ui.CollectionView:new(fields) end
--- Registers how to make the cells of `id`: `CellClass:new()`, its `init` run once, when the
--- cell is made (not when it is reused). `CellClass` is `ui.CollectionViewCell` or a class
--- extending it.
--- @param id string
--- @param CellClass table
function ui.CollectionView:register(id, CellClass) end
--- Registers how to make the supplementary views of `kind` ("header", "footer" or any kind
--- the layout names) and `id`, as `register` does for cells; each kind has its own queue.
--- `ViewClass` is `ui.CollectionReusableView` or a class extending it.
--- @param kind string
--- @param id string
--- @param ViewClass table
function ui.CollectionView:registerSupplementary(kind, id, ViewClass) end
--- A cell of `id` for the item: one whose item left the screen, after its
--- `prepareForReuse()`, or a new one of the registered class (an error in its `init` is this
--- call's error). Inside `cellForItem` it comes already placed. An `id` nobody registered is
--- an error naming it (`could not dequeue a view of kind: UICollectionElementKindCell with
--- identifier Cell - must register a nib or a class for the identifier`).
--- @param id string
--- @param ip ui.IndexPath the item it is for
--- @return ui.CollectionViewCell
function ui.CollectionView:dequeue(id, ip) end
--- A supplementary view of `kind` and `id`, reused as cells are.
--- @param kind string
--- @param id string
--- @param ip ui.IndexPath
--- @return ui.CollectionReusableView
function ui.CollectionView:dequeueSupplementary(kind, id, ip) end
--- Asks the data source again for everything; the selection is cleared. Called from a
--- callback that counts or sizes the items, it does nothing.
function ui.CollectionView:reloadData() end
--- @param ips ui.IndexPath[] items whose cells are asked for again (and placed again), at their places before the update
function ui.CollectionView:reloadItems(ips) end
--- @param ips ui.IndexPath[] items inserted in the data, at their places after the update
function ui.CollectionView:insertItems(ips) end
--- @param ips ui.IndexPath[] items deleted from the data, at their places before the update
function ui.CollectionView:deleteItems(ips) end
--- @param from ui.IndexPath before the update
--- @param to ui.IndexPath after the update
function ui.CollectionView:moveItem(from, to) end
--- @param sections integer[] inserted, numbered after the update, from 1
function ui.CollectionView:insertSections(sections) end
--- @param sections integer[] deleted, numbered before the update, from 1
function ui.CollectionView:deleteSections(sections) end
--- @param sections integer[] whose items are all asked for again, numbered before the update
function ui.CollectionView:reloadSections(sections) end
--- @param from integer before the update
--- @param to integer after the update
function ui.CollectionView:moveSection(from, to) end
--- Makes the changes `fn` asks for as one update, checked once they are all known; a batch
--- inside a batch joins it. When `fn` raises, its error is this call's, and the view reloads
--- (the data may have changed part way).
--- @param fn fun()
function ui.CollectionView:performBatchUpdates(fn) end
--- Selects the item without telling the delegate; without `allowsMultipleSelection` the item
--- selected before is deselected. An item the view does not have is an error.
--- @param ip ui.IndexPath
function ui.CollectionView:selectItem(ip) end
--- Deselects the item if it is selected, without telling the delegate.
--- @param ip ui.IndexPath
function ui.CollectionView:deselectItem(ip) end
--- @param ip ui.IndexPath
--- @return ui.CollectionViewCell? nil when the item is not in view
function ui.CollectionView:cellAt(ip) end
--- @param kind string
--- @param ip ui.IndexPath
--- @return ui.CollectionReusableView? nil when it is not in view
function ui.CollectionView:supplementaryAt(kind, ip) end
--- @param point ui.Point in the view's content
--- @return ui.IndexPath? the item whose cell is frontmost there
function ui.CollectionView:indexPathAt(point) end
--- The layout's attributes for the item (after the layout prepares, if it is due).
--- @param ip ui.IndexPath
--- @return ui.LayoutAttributes?
function ui.CollectionView:layoutAttributesForItem(ip) end
--- Scrolls as little as it takes to show the item; an item the view does not have is an
--- error. Given a rect, scrolls as any scroll view does.
--- @param ip ui.IndexPath|ui.Rect
--- @param animated? boolean
function ui.CollectionView:scrollTo(ip, animated) end
--- @param section integer from 1
--- @return integer 0 for a section the view does not have
function ui.CollectionView:numberOfItems(section) end

--- A view a collection view shows for a supplementary element (a header, a footer, a kind of
--- the layout's) or a decoration, and the base of its cells. Extend it for views of your own
--- (`ui.CollectionReusableView:extend("TitleView")`, registered with
--- `cv:registerSupplementary` or `layout:registerDecoration`): `init` runs once, when the
--- view is made, and an override of `prepareForReuse()` clears what the last element set.
--- @class ui.CollectionReusableView: ui.View
--- @field reuseIdentifier string? the id it was registered and dequeued under (a decoration view's kind)
--- @field layoutAttributes ui.LayoutAttributes? what the view was last placed by; nil while it is not shown
ui.CollectionReusableView = {}
--- @param fields? table
--- @return ui.CollectionReusableView
function ui.CollectionReusableView:new(fields) end
--- The built-in reset, which does nothing: an override calls it through `super` or not.
function ui.CollectionReusableView:prepareForReuse() end

--- A cell of a collection view: content goes in `contentView`, which fills the cell. Extend
--- it for cells of your own (`ui.CollectionViewCell:extend("VideoCell")`, registered with
--- `cv:register`), as `ui.CollectionReusableView` says.
--- @class ui.CollectionViewCell: ui.CollectionReusableView
--- @field contentView ui.View
--- @field selected boolean the view sets it as the selection changes
--- @field highlighted boolean set while a finger is on the cell
ui.CollectionViewCell = {}
--- @param fields? table
--- @return ui.CollectionViewCell
function ui.CollectionViewCell:new(fields) end

--- A controller whose view is a collection view it feeds itself: extend it, and its Lua
--- class's methods are the view's data source and delegate (`function Videos:numberOfItems(cv,
--- section)`, `cellForItem(cv, ip)`, `sizeForItem(cv, layout, ip)`, `didSelectItem(cv, ip)`,
--- and the others of `ui.CollectionView`); an error in one is reported as "cellForItem of
--- Videos". It deselects the selected items each time it is about to appear again, unless
--- told not to.
--- @class ui.CollectionViewController: ui.Controller
--- @field collectionView ui.CollectionView its view
--- @field clearsSelectionOnViewWillAppear boolean true by default
ui.CollectionViewController = {}
--- @param fields? { layout: ui.Layout? } a new flow layout without one
--- @return ui.CollectionViewController
function ui.CollectionViewController:new(fields) end

--- Places the elements of a collection view. Extend it (`ui.Layout:extend("StackLayout")`)
--- and override what the collection view asks:
--- - `prepare()`: runs once after each invalidation, before the next question; work over
---   the whole content goes here. The layout is invalidated when the view's size changes, on
---   a reload or an update, when the delegate changes, by `invalidate()`, and on a change of
---   the selection when `invalidatesOnSelection` is set (or, as UIKit's stack layout does,
---   by `cv:reloadItems{ ip }` in `didSelectItem`).
--- - `contentSize()`: the size of the whole content (`ui.Size`).
--- - `attributesInRect(rect)`: a list of `ui.LayoutAttributes` for the elements that meet
---   the rect (cells, supplementary views and decoration views alike).
--- - `attributesForItem(ip)`, `attributesForSupplementary(kind, ip)`,
---   `attributesForDecoration(kind, ip)`: one element's attributes, or nil.
--- A Lua layout works as a Swift one: the view reads `self.collectionView` for counts
--- (`numberOfSections`, `numberOfItems(section)`), its `bounds` and its selection. Every answer
--- is checked: something that is not attributes, attributes for another element than asked,
--- or for an item or section the data source does not have, or a decoration kind not
--- registered, is reported (`bad result from 'attributesInRect' (attributes for item 7 of
--- section 1, which does not exist at index 3)`, naming the class) and left out; an
--- override that raises is reported with its traceback, and the layout answers as it would
--- without it. Call the built-in answer with `StackLayout.super.attributesInRect(self, rect)`.
--- @class ui.Layout
--- @field collectionView ui.CollectionView? the view it lays out
--- @field invalidatesOnSelection boolean whether selecting or deselecting an item invalidates it (false)
ui.Layout = {}
--- @param fields? table
--- @return ui.Layout
function ui.Layout:new(fields) end
--- @generic T
--- @param self T
--- @param name string the new class's name, shown in messages
--- @return T class a class that extends this one, with `new`, `extend` and `super`
function ui.Layout:extend(name) end
--- Marks the layout out of date: `prepare()` runs again before the next question, and the
--- view lays its elements out again. (The view invalidates it itself where it needs to; this
--- is not called then, so it is not a place to override.)
function ui.Layout:invalidate() end
--- Registers how to make the decoration views of `kind`: `ViewClass:new()`, reused by kind.
--- A layout shows one by returning `ui.attributes{ decoration = kind, ... }`.
--- @param kind string
--- @param ViewClass table `ui.CollectionReusableView` or a class extending it
function ui.Layout:registerDecoration(kind, ViewClass) end
--- The built-in preparation (a flow layout places its items; a plain layout does nothing).
function ui.Layout:prepare() end
--- @return ui.Size the built-in answer (zero for a plain layout)
function ui.Layout:contentSize() end
--- @param rect ui.Rect
--- @return ui.LayoutAttributes[] the built-in answer (none for a plain layout)
function ui.Layout:attributesInRect(rect) end
--- @param ip ui.IndexPath
--- @return ui.LayoutAttributes?
function ui.Layout:attributesForItem(ip) end
--- @param kind string
--- @param ip ui.IndexPath
--- @return ui.LayoutAttributes?
function ui.Layout:attributesForSupplementary(kind, ip) end
--- @param kind string
--- @param ip ui.IndexPath
--- @return ui.LayoutAttributes?
function ui.Layout:attributesForDecoration(kind, ip) end

--- Lays items out in lines that wrap, section after section, with headers and footers
--- ("header" and "footer" supplementary views) when their sizes are set. Scrolling
--- vertically, lines are rows filled left to right; horizontally, columns filled top to
--- bottom, with a section's header on its left. Items fill a line while they fit between the
--- section's side insets with `minimumInteritemSpacing` between them; the space left over is
--- shared between the gaps, and an item alone in its line is centred. A line is as deep as
--- its deepest item; lines are `minimumLineSpacing` apart. The delegate's `sizeForItem`, when
--- it has one, sizes each item. Lengths below 0 count as 0, above 1e9 as 1e9. One rect
--- gets at most 10,000 elements, the first along the flow (as many as a collection view
--- shows at once).
---
--- It can be extended like `ui.Layout`: an override calls `super` for the flow layout's
--- answer to change (and `prepare` must call `super` for the items to be placed at all).
--- @class ui.FlowLayout: ui.Layout
--- @field itemSize ui.Size of every item without a size from the delegate (50 × 50)
--- @field minimumInteritemSpacing number between items in a line (10)
--- @field minimumLineSpacing number between lines (10)
--- @field sectionInset { top: number, left: number, bottom: number, right: number } around each section's items
--- @field headerSize ui.Size its height counts when scrolling vertically, its width horizontally; zero for none
--- @field footerSize ui.Size counted as `headerSize` is
--- @field scrollDirection ui.ScrollDirection
ui.FlowLayout = {}
--- `ui.FlowLayout:new{ itemSize =, minimumInteritemSpacing =, minimumLineSpacing =,
--- sectionInset =, headerSize =, footerSize =, scrollDirection = }`.
--- @param fields? table
--- @return ui.FlowLayout
function ui.FlowLayout:new(fields) end

--- Where and how a collection view shows one element, as a layout answers it (made with
--- `ui.attributes`). A copy: changing it changes what the layout returns, nothing else.
--- Numbers must be finite; a change that would leave one that is not (a centre moved by
--- half of 1e308) is refused.
--- @class ui.LayoutAttributes
--- @field indexPath ui.IndexPath
--- @field kind string? "header", "footer" or another supplementary kind, or a decoration view's kind; nil for a cell
--- @field category "cell"|"supplementary"|"decoration"
--- @field frame ui.Rect in the view's content
--- @field center ui.Point setting it moves the frame
--- @field size ui.Size setting it keeps the centre
--- @field zIndex integer higher in front, for drawing and for taps
--- @field alpha number
--- @field hidden boolean
--- @field transform ui.Transform applied about the centre
ui.LayoutAttributes = {}

--- Attributes for a layout to return: a cell's without `kind`, a supplementary view's with
--- `kind` ("header", "footer" or any kind), a decoration view's with `decoration` (a kind the
--- layout registered with `registerDecoration`). `frame` is applied first, then `size`
--- (about the centre), then `center`. A field it does not take is an error naming the one
--- meant; NaN and ±inf are refused with the field's name (`bad argument #1 to 'attributes'
--- (finite number expected, got nan in field 'x' in field 'frame')`).
--- @param fields { indexPath: ui.IndexPath, kind: string?, decoration: string?, frame: ui.Rect?, center: ui.Point?, size: ui.Size?, zIndex: integer?, alpha: number?, hidden: boolean?, transform: ui.Transform? }
--- @return ui.LayoutAttributes
function ui.attributes(fields) end

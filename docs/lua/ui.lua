--- @meta
--- `ui`: views, controls, gestures and windows. Geometry: points `{x=, y=}` or `{x, y}`,
--- sizes `{width=, height=}` or `{w, h}`, rects `{x=, y=, width=, height=}` or `{x, y, w, h}`.
--- Colours: names ("red"), "#rrggbb[aa]", or `{r, g, b[, a]}` from 0 to 1.

--- @alias ui.Point { x: number, y: number }
--- @alias ui.Rect { x: number, y: number, width: number, height: number }
--- @alias ui.ControlEvent "touchDown"|"touchDownRepeat"|"touchUpInside"|"touchUpOutside"|"touchCancel"|"touchDragInside"|"touchDragOutside"|"touchDragEnter"|"touchDragExit"|"valueChanged"|"editingDidBegin"|"editingChanged"|"editingDidEnd"|"editingDidEndOnExit"

--- @class ui
ui = {}

--- A view. Extend it with `ui.View:extend("Name")` and override `pointInside`,
--- `layoutSubviews` and `draw`; call the Swift behaviour with `Name.super.method(self, ...)`.
--- @class ui.View
--- @field frame ui.Rect
--- @field bounds ui.Rect
--- @field center ui.Point
--- @field tag integer
--- @field hidden boolean
--- @field alpha number at 0.01 or below the view takes no touches
--- @field userInteractionEnabled boolean
--- @field clipsToBounds boolean
--- @field backgroundColor string?
--- @field borderWidth number
--- @field borderColor string
--- @field autoresizing string[] "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"
--- @field superview ui.View?
--- @field subviews ui.View[]
--- @field window ui.Window?
ui.View = {}
--- @param fields? table fields assigned to the new view
--- @return ui.View
function ui.View:new(fields) end
--- @param name string
--- @return table class
function ui.View:extend(name) end
function ui.View:addSubview(view) end
--- @param index integer 1 is the back
function ui.View:insertSubview(view, index) end
function ui.View:removeFromSuperview() end
--- @return ui.View?
function ui.View:viewWithTag(tag) end
--- The deepest visible, interaction-enabled view containing the point (in this view's coordinates).
--- @return ui.View?
function ui.View:hitTest(point) end
--- Override to take touches in another shape.
--- @return boolean
function ui.View:pointInside(point) end
--- @param toView ui.View? nil for the window
--- @return ui.Point
function ui.View:convertPoint(point, toView) end
function ui.View:setNeedsLayout() end
function ui.View:layoutIfNeeded() end
--- Override to position subviews.
function ui.View:layoutSubviews() end
--- Override to draw; `canvas:fill(rect, colour)`, `:stroke(rect, colour, width)`,
--- `:line(from, to, colour, width)`, `:text(string, point, colour)`, `:clip(rect)`.
function ui.View:draw(canvas) end
function ui.View:addGestureRecognizer(recognizer) end
function ui.View:removeGestureRecognizer(recognizer) end

--- @class ui.Control: ui.View
--- @field enabled boolean
--- @field highlighted boolean
--- @field selected boolean
--- @field state string "normal", or the set states joined by "+" ("selected+highlighted")
--- @field tracking boolean
ui.Control = {}
--- Calls `fn(sender, event)` for the event (or list of events).
--- @param fn fun(sender: ui.Control, event: ui.ControlEvent)
--- @param events ui.ControlEvent|ui.ControlEvent[]
--- @return userdata target for removeTarget
function ui.Control:addTarget(fn, events) end
function ui.Control:removeTarget(target) end
function ui.Control:sendActions(event) end
--- Overridable tracking (`ui.Control:extend`): return false to stop following the touch.
--- @return boolean
function ui.Control:beginTracking(touch) end
--- @return boolean
function ui.Control:continueTracking(touch) end
function ui.Control:endTracking(touch) end
function ui.Control:cancelTracking() end

--- @class ui.Label: ui.View
--- @field text string
--- @field lines integer 0: as many as needed
--- @field lineBreakMode "clip"|"truncateHead"|"truncateTail"|"truncateMiddle"|"wordWrap"|"charWrap"
--- @field alignment "left"|"center"|"right"
--- @field textColor string
--- @field displayedLines string[] the lines as shown at the label's width
ui.Label = {}

--- @class ui.Button: ui.Control
--- @field title string? the normal title
--- @field currentTitle string? the title for the current state
ui.Button = {}
--- @param state? string "normal", "highlighted", "selected+highlighted", ...
function ui.Button:setTitle(title, state) end
--- The title for the state; an unset combination falls back to normal.
function ui.Button:titleFor(state) end

--- @class ui.Switch: ui.Control
--- @field on boolean
ui.Switch = {}
--- @class ui.Slider: ui.Control
--- @field value number
--- @field minimumValue number
--- @field maximumValue number
ui.Slider = {}
--- @class ui.SegmentedControl: ui.Control
--- @field segments string[]
--- @field selectedIndex integer? counting from 1
ui.SegmentedControl = {}
--- @class ui.Stepper: ui.Control
--- @field value number
--- @field stepValue number
ui.Stepper = {}
--- @class ui.PageControl: ui.Control
--- @field numberOfPages integer
--- @field currentPage integer counting from 1
ui.PageControl = {}
--- @class ui.TextField: ui.Control
--- @field text string
--- @field placeholder string?
--- @field editing boolean
ui.TextField = {}

--- @class ui.GestureRecognizer
--- @field state "possible"|"began"|"changed"|"ended"|"cancelled"|"failed"
--- @field enabled boolean
--- @field view ui.View?
ui.GestureRecognizer = {}
--- @return ui.Point
function ui.GestureRecognizer:locationIn(view) end
--- Each gesture class takes `action = fn(recognizer)` and its settings in `new{}`:
--- TapGesture (numberOfTapsRequired, numberOfTouchesRequired), LongPressGesture
--- (minimumPressDuration = 0.5, allowableMovement), SwipeGesture (direction, swipedDirection),
--- PanGesture (translationIn(view), velocity), PinchGesture (scale), RotationGesture (rotation).
ui.TapGesture = {}
ui.LongPressGesture = {}
ui.SwipeGesture = {}
ui.PanGesture = {}
ui.PinchGesture = {}
ui.RotationGesture = {}

--- @class ui.Window: ui.View
--- @field size { width: number, height: number }
--- @field device "iphone"|"ipad"
--- @field orientation "portrait"|"landscape"
ui.Window = {}
--- @param fields { device: "iphone"|"ipad"?, orientation: "portrait"|"landscape"? }
--- @return ui.Window
function ui.Window:new(fields) end
function ui.Window:makeKeyAndVisible() end
--- Sends a raw touch through hit testing, gesture recognizers and the responder chain.
--- @param phase "began"|"moved"|"ended"|"cancelled"
--- @param id? integer tells fingers apart
function ui.Window:touch(phase, point, id) end
--- A touch that begins and ends at the point.
function ui.Window:tap(point) end
--- Types into the text field being edited.
function ui.Window:type(text) end
--- "return" or "backspace".
function ui.Window:key(name) end
function ui.Window:rotate(orientation) end
--- The screen as the text (8×16-point cells) or SVG renderer draws it.
--- @param kind? "text"|"svg"
--- @return string
function ui.Window:render(kind) end

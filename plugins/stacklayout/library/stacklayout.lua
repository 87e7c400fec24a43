--- @meta stacklayout
--- The `stacklayout` plugin: `require("stacklayout")` returns the layout class.

--- A collection view layout: the items of section 1 as a stack of cards along a diagonal,
--- the first item's centre at the bottom right, the last's at the top left, each card
--- covering the ones after it; the section's header (`headerHeight` tall) across the top,
--- its footer (`footerHeight`) across the bottom, and, when `logo` is given, a framed label
--- 80 × 32 points at the top right as a decoration view of kind "logo". The selected card
--- is in front of all the others (zIndex 1; the others have `-item`): a delegate that
--- reloads the items it selects and deselects (`cv:reloadItems{ ip }` in `didSelectItem`
--- and `didDeselectItem`) lifts and drops them.
---
--- The card sizes are the collection view delegate's `sizeForItem(cv, layout, ip)`; the
--- content is the collection view's bounds (the stack does not scroll).
---
--- ```lua
--- local StackLayout = require("stacklayout")
--- cv.layout = StackLayout:new{ logo = "▶ Gallery" }
--- ```
--- @class StackLayout: ui.Layout
--- @field logo string? the logo's text; nil shows no logo
--- @field headerHeight number the header's height, 32 (a class field: set it on `StackLayout`)
--- @field footerHeight number the footer's height, 32 (a class field)
local StackLayout = {}

--- A stack layout. A `logo` that is not a string is an error at the caller's line.
--- @param fields? { logo: string? }
--- @return StackLayout
function StackLayout:new(fields) end

--- The size the collection view's delegate gives the item at `ip`.
--- @param ip ui.IndexPath
--- @return ui.Size
function StackLayout:sizeForItem(ip) end

--- The rectangle the card centres run along in `section`: its top-left corner is the centre
--- of the last card, its bottom-right corner the first card's.
--- @param section integer
--- @return ui.Rect
function StackLayout:cardFrame(section) end

return StackLayout

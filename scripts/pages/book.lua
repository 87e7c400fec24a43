-- The page view controller of the Page example, with the actions of its toolbar.
local Book = ui.PageViewController:extend("Book")

--- The toolbar's Previous button. A tap while a page is still turning does nothing: the
--- book cannot start a turn before the last one ends.
function Book:previousPage(sender)
  if not self.transitioning then self:pageBackward(true) end
end

--- The toolbar's Next button; like Previous, not while a page turns.
function Book:nextPage(sender)
  if not self.transitioning then self:pageForward(true) end
end

return Book

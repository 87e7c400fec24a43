-- The page view controller of the Page example, with the actions of its toolbar.
local Book = ui.PageViewController:extend("Book")

--- The toolbar's Previous button.
function Book:previousPage(sender)
  self:pageBackward(true)
end

--- The toolbar's Next button.
function Book:nextPage(sender)
  self:pageForward(true)
end

return Book

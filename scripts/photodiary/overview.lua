-- The split view's delegate on an iPad. In portrait the diary hides, and the button that
-- shows it in a popover goes to the left of the detail's bar, titled "Overview"; in
-- landscape the diary shows beside the detail again and the button goes away.
local Overview = {}
Overview.__index = Overview

--- A delegate that puts the button on the bar of `pages` (the detail's top controller).
function Overview.new(pages)
  return setmetatable({ pages = pages }, Overview)
end

function Overview:willHide(split, master, button)
  button.title = "Overview"
  self.pages.navigationItem.leftButton = button
end

function Overview:willShow(split, master, button)
  self.pages.navigationItem.leftButton = nil
end

return Overview

-- tableview (chunk `=ui.TableView`): the table view's check of cell classes.
--
-- Argument: `base`, the class table of ui.TableViewCell. Returns `isCellClass(cls)`:
-- whether a class table is ui.TableViewCell or extends it (at most 100 classes up, should
-- a script make a cycle of metatables).

local base = ...
local getmetatable, type = getmetatable, type
return function(cls)
  for _ = 1, 100 do
    if cls == base then return true end
    cls = getmetatable(cls)
    if type(cls) ~= "table" then return false end
  end
  return false
end

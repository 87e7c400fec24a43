-- reusable (chunk `=ui.reusable`): the check of the classes lists make their reusable
-- views of.
--
-- Returns `descends(cls, base)`: whether the class table `cls` is `base` or reaches it up
-- its chain of classes (raw comparisons; at most 100 classes up, should a script make a
-- cycle).

local getmetatable, rawequal, type = getmetatable, rawequal, type
return function(cls, base)
  for _ = 1, 100 do
    if rawequal(cls, base) then return true end
    cls = getmetatable(cls)
    if type(cls) ~= "table" then return false end
  end
  return false
end

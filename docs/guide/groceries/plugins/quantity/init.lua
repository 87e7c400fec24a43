-- quantity: how many of what a text names. "3 pears" is 3 and "pears", "bread" is 1 and
-- "bread"; a text of spaces names nothing.
local quantity = {}

--- The most a count may be; a larger number is part of the name ("100000 year old wine").
quantity.largest = 999

--- The count and the name `text` gives, or nil when it names nothing.
function quantity.parse(text)
  if type(text) ~= "string" then
    error(("quantity.parse: a string expected, got %s"):format(type(text)), 2)
  end
  local digits, rest = text:match("^%s*(%d+)%s+(.-)%s*$")
  local count = digits and tonumber(digits)
  if not count or count < 1 or count > quantity.largest then
    count, rest = 1, text:match("^%s*(.-)%s*$")
  end
  if rest == "" then return nil end
  return math.tointeger(count), rest
end

return quantity

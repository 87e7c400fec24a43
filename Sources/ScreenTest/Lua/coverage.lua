-- coverage (chunk `=coverage`): the lines of a Lua file that hold code, as Lua's own line
-- information has them, for `screens test --coverage`.
--
-- debug.getinfo(f, "L").activelines gives them for one function, and only for functions a
-- program can reach; the functions nested in a chunk are reached here through the chunk's
-- bytecode instead (string.dump, with its debug information), whose line information is the
-- one activelines reads, and the line hook too. A vararg function's first instruction (the
-- one that takes its arguments, which fires no line event) is left out; so is a function's
-- closing return when it is alone on its line: the `end` of a function, which a function
-- that always returns earlier never reaches. A function's definition is made on its `end`
-- line (the closure is made once its body is read); where nothing else is on that line,
-- the line counted is the one the definition starts on, `function` or `local function`.

local coverage = {}

local byte, unpack, sub = string.byte, string.unpack, string.sub

-- A reader of the bytes of a binary chunk, as Lua 5.4 writes them (ldump.c).
local function reader(bytes)
  local position = 1
  local r = {}
  function r.byte()
    local value = byte(bytes, position)
    position = position + 1
    return value
  end
  function r.skip(count) position = position + count end
  -- An instruction, little-endian as this machine writes it.
  function r.word(size)
    local value = unpack("<I" .. size, bytes, position)
    position = position + size
    return value
  end
  -- A size: 7 bits a byte, most significant first, the last byte marked by its top bit.
  function r.size()
    local value = 0
    while true do
      local b = r.byte()
      if not b then error("truncated chunk") end
      value = value * 128 + (b & 0x7f)
      if b & 0x80 ~= 0 then return value end
    end
  end
  function r.string()
    local size = r.size()
    if size == 0 then return nil end
    local text = sub(bytes, position, position + size - 2)
    position = position + size - 1
    return text
  end
  function r.signed()
    local value = unpack("b", bytes, position)
    position = position + 1
    return value
  end
  return r
end

-- Constant tags (lobject.h): nil, false, true, integer, float, short and long strings.
local VNUMINT, VNUMFLT, VSHRSTR, VLNGSTR = 3, 19, 4, 20
-- What a line delta of -128 says: the line is in the absolute line information.
local ABSLINEINFO = -128

-- Opcodes (lopcodes.h): the one making a closure, whose argument Bx is the function's index.
local OP_CLOSURE = 79

-- Adds the lines of the function at the reader (and of those nested in it) to `lines`, and
-- to `moved` the lines whose hits count on another line. Returns where the function starts
-- and ends.
local function function_lines(r, sizes, lines, moved)
  r.string()                       -- source
  local linedefined = r.size()
  local lastlinedefined = r.size()
  r.byte()                         -- numparams
  local vararg = r.byte() ~= 0
  r.byte()                         -- maxstacksize
  local code = r.size()
  local closures = {}              -- pc -> the index of the function it makes
  for pc = 1, code do
    local word = r.word(sizes.instruction)
    if word & 0x7f == OP_CLOSURE then closures[pc] = (word >> 15) + 1 end
  end
  for _ = 1, r.size() do           -- constants
    local tag = r.byte()
    if tag == VNUMINT then r.skip(sizes.integer)
    elseif tag == VNUMFLT then r.skip(sizes.number)
    elseif tag == VSHRSTR or tag == VLNGSTR then r.string() end
  end
  r.skip(r.size() * 3)             -- upvalues: instack, idx, kind
  local nested = {}
  for i = 1, r.size() do nested[i] = { function_lines(r, sizes, lines, moved) } end
  local deltas = {}
  for pc = 1, r.size() do deltas[pc] = r.signed() end
  local absolute = {}
  for _ = 1, r.size() do
    local pc = r.size()
    absolute[pc + 1] = r.size()
  end
  for _ = 1, r.size() do           -- local variables
    r.string()
    r.size()
    r.size()
  end
  for _ = 1, r.size() do r.string() end   -- upvalue names
  -- The line of each instruction.
  local line, at = linedefined, {}
  for pc = 1, #deltas do
    if deltas[pc] == ABSLINEINFO then line = absolute[pc] or line else line = line + deltas[pc] end
    at[pc] = line
  end
  local first = vararg and 2 or 1
  local last = #at
  -- Lines where the only code makes closures of functions ending there: their definitions.
  local definitions = {}
  for pc = first, #at do
    local child = closures[pc] and nested[closures[pc]]
    local line = at[pc]
    if child and child[2] == line and definitions[line] ~= false then
      definitions[line] = math.min(definitions[line] or child[1], child[1])
    else
      definitions[line] = false
    end
  end
  -- The closing return, alone on its line.
  if last >= first then
    local alone = true
    for pc = first, last - 1 do
      if at[pc] == at[last] then alone = false; break end
    end
    if alone then last = last - 1 end
  end
  for pc = first, last do
    local line = at[pc]
    local start = definitions[line]
    if start then
      moved[line] = start
      lines[start] = true
    else
      lines[line] = true
    end
  end
  return linedefined, lastlinedefined
end

-- The lines of `source` (a chunk's text) that hold code, in order, and a table from each
-- line whose hits count on another line to that line; or nil and a message.
function coverage.executableLines(source, name)
  local chunk, message = load(source, name, "t", {})
  if not chunk then return nil, message end
  local bytes = string.dump(chunk)
  local ok, result = pcall(function()
    local r = reader(bytes)
    r.skip(4 + 1 + 1 + 6)          -- signature, version, format, data
    local sizes = { instruction = r.byte(), integer = r.byte(), number = r.byte() }
    r.skip(sizes.integer + sizes.number)
    r.byte()                       -- the main function's upvalues
    local lines, moved = {}, {}
    function_lines(r, sizes, lines, moved)
    local list = {}
    for line in pairs(lines) do list[#list + 1] = line end
    table.sort(list)
    return { lines = list, moved = moved }
  end)
  if not ok then return nil, result end
  return result.lines, result.moved
end

return coverage

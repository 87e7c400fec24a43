-- Specs start Lua subprocesses with the interpreter busted gives them as arg[-1], or the
-- one they find walking arg downwards; arg[0] is the runner.
local function lowest()
  local i = 0
  while arg[i - 1] ~= nil do i = i - 1 end
  return arg[i]
end

describe("arg", function()
  it("has the runner at 0 and an interpreter at -1", function()
    assert.is_string(arg[0])
    assert.is_string(arg[-1])
  end)

  it("runs a Lua script with arg[-1]", function()
    local pipe = io.popen(arg[-1] .. " spec/child.lua one two")
    local output = pipe:read("a")
    pipe:close()
    assert.are.equal("Lua 5.4\tone\ttwo\n", output)
  end)

  it("runs code given with -e with the lowest entry", function()
    local pipe = io.popen(lowest() .. [[ -e "io.write(6 * 7)"]])
    local output = pipe:read("a")
    pipe:close()
    assert.are.equal("42", output)
  end)

  it("reports a failing script's status", function()
    local ok, how, code = os.execute(arg[-1] .. [[ -e "os.exit(3)"]])
    assert.is_nil(ok)
    assert.are.equal("exit", how)
    assert.are.equal(3, code)
  end)
end)

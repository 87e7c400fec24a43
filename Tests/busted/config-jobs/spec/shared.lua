-- The test each file declares: it writes its number to one temporary file for all of them,
-- waits a little, and reads it back, which only files run one after another pass.
local busted = require("busted")

return function(n)
  busted.describe("file " .. n, function()
    busted.it("has the shared file to itself", function()
      local path = "/tmp/screens-config-jobs-shared.txt"
      local file = assert(io.open(path, "w"))
      file:write(n)
      file:close()
      local clock = os.clock()
      while os.clock() - clock < 0.05 do end
      local read = assert(io.open(path)):read("a")
      os.remove(path)
      busted.assert.are.equal(tostring(n), read)
    end)
  end)
end

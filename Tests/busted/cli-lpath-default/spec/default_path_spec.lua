-- Without --lpath, ./src/?.lua;./src/?/?.lua;./src/?/init.lua come before package.path.
describe("the default lpath", function()
  it("finds src/?.lua", function() assert.equal(6, require("shapes").area(2, 3)) end)
  it("finds src/?/?.lua", function() assert.equal(12, require("circle").area(2)) end)
  it("finds src/?/init.lua", function() assert.equal("#f00", require("color").red) end)
end)

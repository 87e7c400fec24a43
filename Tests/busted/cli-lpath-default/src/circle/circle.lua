return { area = function(r) return 3 * r * r end }

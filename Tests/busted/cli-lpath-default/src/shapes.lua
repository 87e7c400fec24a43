return { area = function(w, h) return w * h end }

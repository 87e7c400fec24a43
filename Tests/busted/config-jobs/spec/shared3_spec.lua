require("spec.shared")(3)

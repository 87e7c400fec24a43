require("spec.shared")(2)

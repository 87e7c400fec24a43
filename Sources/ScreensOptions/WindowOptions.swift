import ArgumentParser
import ScreenKit

// `--device` and `--orientation` are parsed by ArgumentParser from the cases themselves, in
// every command that launches an app: their values complete in the shell, and a wrong one
// is refused with the list of those that fit.
extension Window.Device: ExpressibleByArgument {}
extension Window.Orientation: ExpressibleByArgument {}

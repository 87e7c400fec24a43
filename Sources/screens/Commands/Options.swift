// The option groups and argument types `screens` shares with `screens-serve`, for every
// file of this program.
@_exported import ScreensOptions

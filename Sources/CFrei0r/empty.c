// SwiftPM builds a C target from its sources; the header is this module's whole content.

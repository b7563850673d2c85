// No public header: OBS finds the module by its exported functions (module.c).

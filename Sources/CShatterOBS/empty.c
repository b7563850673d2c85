// Header only: shatter_obs.h, the functions ShatterOBS exports to the OBS module.

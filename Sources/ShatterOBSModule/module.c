// The OBS module: what OBS 29+ looks up when it loads shatter.so from a plugin folder. Built only where
// libobs' headers are (libobs-dev): elsewhere the file is empty, so the package builds without them.
#if __has_include(<obs/obs-module.h>)
#include <obs/obs-module.h>

OBS_DECLARE_MODULE()

extern struct obs_source_info shatter_transition_info;
extern struct obs_source_info shatter_dust_info;

MODULE_EXPORT const char *obs_module_name(void)
{
    return "Shatter";
}

MODULE_EXPORT const char *obs_module_description(void)
{
    return "Shatter: the outgoing scene breaks into pieces that fall away (Shatter), or turns to dust (Shatter "
           "dust), revealing the next one";
}

bool obs_module_load(void)
{
    obs_register_source(&shatter_transition_info);
    obs_register_source(&shatter_dust_info);
    return true;
}
#endif

"""Player pages of the rule systems besides Draw Steel, one module each (see
``drawsteel_kit.systems.registry``): ``party_page``, ``member_page`` and
``resolution_blocks``, built from the same blocks as Draw Steel's pages."""

"""Draw Steel's campaign file (``campaign.yaml``): the model (``model``), the book's and the
campaign's own names (``names``), and the Director's own projects (``projects``)."""

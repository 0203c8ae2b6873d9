package classify

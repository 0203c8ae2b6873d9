package classify

// mkfsCommand: formatting a device destroys it; formatting an image file
// in the workspace is ordinary work.
func mkfsCommand(c *call) {
	ts := positional(c.args)
	for _, t := range ts {
		switch pl, _ := c.w.placeOf(t); pl {
		case placeWorkspace, placeTemp:
			continue
		}
		c.raise(danger("mkfs", "formats a disk, destroying what is on it"))
		return
	}
	if len(ts) == 0 {
		c.raise(danger("mkfs", "formats a disk, destroying what is on it"))
		return
	}
	c.raise(r("mkfs-image", High, "formats a disk image file in the workspace"))
}

"""kinds/lights: Lights Out, the template kind (copy this folder to ``kinds/<kind>/``)."""
